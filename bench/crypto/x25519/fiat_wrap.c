/* Exports Fiat's curve25519 carry_mul / carry_square (static in Fiat's C) under the names
 * VF_PREFIX_mul / VF_PREFIX_sq for the ladder. Build:
 *   cc -O3 -march=native -mtune=native -DFIAT_C='"<shared>/corpora/fiat/c/curve25519_64.c"' -DVF_PREFIX=gcc -c fiat_wrap.c */
#include <stdint.h>
#include FIAT_C
#define VF_CAT2(a, b) a##_##b
#define VF_CAT(a, b) VF_CAT2(a, b)
void VF_CAT(VF_PREFIX, mul)(uint64_t o[5], const uint64_t a[5], const uint64_t b[5]) { fiat_25519_carry_mul(o, a, b); }
void VF_CAT(VF_PREFIX, sq)(uint64_t o[5], const uint64_t a[5]) { fiat_25519_carry_square(o, a); }
