/* X25519 (RFC 7748, section 5) over GF(2^255-19) in radix 2^51 (5 limbs), with the field
 * multiplication and squaring taken from a table of function pointers, so the same ladder runs
 * on Fiat's C (gcc or clang), CryptOpt's published assembly or Veriforge's `crypto opt` output.
 * Limb contract (Fiat's curve25519 64-bit "loose"/"tight" elements): mul/sq accept limbs below
 * 2^52.7 (the sums and differences below) and return limbs below 2^51 * 1.1 (limb 1 may carry
 * slightly more); outputs never alias inputs in this ladder. Written for Veriforge from RFC 7748. */
#ifndef VF_X25519_H
#define VF_X25519_H
#include <stdint.h>

typedef void (*vf_fe_mul_fn)(uint64_t out[5], const uint64_t a[5], const uint64_t b[5]);
typedef void (*vf_fe_sq_fn)(uint64_t out[5], const uint64_t a[5]);

struct vf_field {
    const char *name;
    vf_fe_mul_fn mul;
    vf_fe_sq_fn sq; /* NULL: squaring is mul(a, a) */
};

/* out = scalar * point (both 32 bytes, little endian; RFC 7748 decoding and clamping). */
void vf_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32], const struct vf_field *f);

/* RFC 7748 test vectors (section 5.2, including 1 and 1000 iterations, and the section 6.1
 * Diffie-Hellman example); returns the number of failures and prints each one. */
int vf_x25519_selftest(const struct vf_field *f, int iterations_1000);

#endif
