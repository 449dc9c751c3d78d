/* Montgomery ladder for X25519, written for Veriforge from RFC 7748 (sections 5 and 6.1).
 * Only fe_mul / fe_sq come from outside (struct vf_field); addition, subtraction,
 * multiplication by 121666, conditional swap, encoding and decoding are here. */
#include "x25519.h"
#include <stdio.h>
#include <string.h>

typedef uint64_t fe[5];
typedef unsigned __int128 u128;
#define MASK51 ((1ULL << 51) - 1)

static void fe_copy(fe o, const fe a) { memcpy(o, a, sizeof(fe)); }

/* loose = tight + tight */
static void fe_add(fe o, const fe a, const fe b) {
    for (int i = 0; i < 5; i++) o[i] = a[i] + b[i];
}

/* loose = tight - tight + 2p (2p in radix 2^51: 2^52-38, 2^52-2, ...) */
static void fe_sub(fe o, const fe a, const fe b) {
    o[0] = a[0] + 0xfffffffffffdaULL - b[0];
    for (int i = 1; i < 5; i++) o[i] = a[i] + 0xffffffffffffeULL - b[i];
}

/* tight = 121666 * a, carried (121666 = (486662 + 2) / 4) */
static void fe_mul121666(fe o, const fe a) {
    u128 c = 0;
    uint64_t t[5];
    for (int i = 0; i < 5; i++) {
        c += (u128)a[i] * 121666;
        t[i] = (uint64_t)c & MASK51;
        c >>= 51;
    }
    u128 l0 = (u128)t[0] + c * 19;
    o[0] = (uint64_t)l0 & MASK51;
    o[1] = t[1] + (uint64_t)(l0 >> 51);
    o[2] = t[2];
    o[3] = t[3];
    o[4] = t[4];
}

static void fe_cswap(fe a, fe b, uint64_t bit) {
    uint64_t m = 0 - bit;
    for (int i = 0; i < 5; i++) {
        uint64_t x = m & (a[i] ^ b[i]);
        a[i] ^= x;
        b[i] ^= x;
    }
}

static void fe_from_bytes(fe o, const uint8_t s[32]) {
    uint64_t w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = 0;
        for (int j = 7; j >= 0; j--) w[i] = (w[i] << 8) | s[8 * i + j];
    }
    w[3] &= 0x7fffffffffffffffULL; /* RFC 7748: mask the most significant bit */
    o[0] = w[0] & MASK51;
    o[1] = ((w[0] >> 51) | (w[1] << 13)) & MASK51;
    o[2] = ((w[1] >> 38) | (w[2] << 26)) & MASK51;
    o[3] = ((w[2] >> 25) | (w[3] << 39)) & MASK51;
    o[4] = (w[3] >> 12) & MASK51;
}

static void fe_carry(uint64_t h[5]) {
    for (int i = 0; i < 4; i++) {
        h[i + 1] += h[i] >> 51;
        h[i] &= MASK51;
    }
    h[0] += 19 * (h[4] >> 51);
    h[4] &= MASK51;
}

/* the unique representative below p, little endian */
static void fe_to_bytes(uint8_t s[32], const fe a) {
    uint64_t h[5];
    fe_copy(h, a);
    fe_carry(h);
    fe_carry(h);
    /* h < 2^255 + small; q = 1 iff h >= p */
    uint64_t q = (h[0] + 19) >> 51;
    for (int i = 1; i < 5; i++) q = (h[i] + q) >> 51;
    h[0] += 19 * q;
    for (int i = 0; i < 4; i++) {
        h[i + 1] += h[i] >> 51;
        h[i] &= MASK51;
    }
    h[4] &= MASK51;
    uint64_t w[4] = {h[0] | (h[1] << 51), (h[1] >> 13) | (h[2] << 38), (h[2] >> 26) | (h[3] << 25), (h[3] >> 39) | (h[4] << 12)};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) s[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
}

static void sq(const struct vf_field *f, fe o, const fe a) {
    if (f->sq)
        f->sq(o, a);
    else
        f->mul(o, a, a);
}

/* o = a^(2^n), a and o distinct */
static void sqn(const struct vf_field *f, fe o, const fe a, int n) {
    fe t;
    sq(f, o, a);
    for (int i = 1; i < n; i++) {
        sq(f, t, o);
        fe_copy(o, t);
    }
}

/* o = z^(p-2) = z^(2^255-21) (the usual addition chain) */
static void fe_invert(const struct vf_field *f, fe o, const fe z) {
    fe z2, z8, z9, z11, z22, z_5_0, z_10_0, z_20_0, z_50_0, z_100_0, t, u;
    sq(f, z2, z);
    sqn(f, z8, z2, 2);
    f->mul(z9, z8, z);
    f->mul(z11, z9, z2);
    sq(f, z22, z11);
    f->mul(z_5_0, z22, z9);                /* 2^5 - 1 */
    sqn(f, t, z_5_0, 5);
    f->mul(z_10_0, t, z_5_0);              /* 2^10 - 1 */
    sqn(f, t, z_10_0, 10);
    f->mul(z_20_0, t, z_10_0);             /* 2^20 - 1 */
    sqn(f, t, z_20_0, 20);
    f->mul(u, t, z_20_0);                  /* 2^40 - 1 */
    sqn(f, t, u, 10);
    f->mul(z_50_0, t, z_10_0);             /* 2^50 - 1 */
    sqn(f, t, z_50_0, 50);
    f->mul(z_100_0, t, z_50_0);            /* 2^100 - 1 */
    sqn(f, t, z_100_0, 100);
    f->mul(u, t, z_100_0);                 /* 2^200 - 1 */
    sqn(f, t, u, 50);
    f->mul(u, t, z_50_0);                  /* 2^250 - 1 */
    sqn(f, t, u, 5);                       /* 2^255 - 32 */
    f->mul(o, t, z11);                     /* 2^255 - 21 */
}

void vf_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32], const struct vf_field *f) {
    uint8_t k[32];
    memcpy(k, scalar, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    fe x1, x2 = {1}, z2 = {0}, x3, z3 = {1};
    fe_from_bytes(x1, point);
    fe_copy(x3, x1);
    uint64_t swap = 0;
    fe A, AA, B, BB, E, C, D, DA, CB, t0, t1, t2;
    for (int t = 254; t >= 0; t--) {
        uint64_t kt = (k[t >> 3] >> (t & 7)) & 1;
        swap ^= kt;
        fe_cswap(x2, x3, swap);
        fe_cswap(z2, z3, swap);
        swap = kt;
        fe_add(A, x2, z2);
        sq(f, AA, A);
        fe_sub(B, x2, z2);
        sq(f, BB, B);
        fe_sub(E, AA, BB);
        fe_add(C, x3, z3);
        fe_sub(D, x3, z3);
        f->mul(DA, D, A);
        f->mul(CB, C, B);
        fe_add(t0, DA, CB);
        sq(f, x3, t0);
        fe_sub(t0, DA, CB);
        sq(f, t1, t0);
        f->mul(z3, x1, t1);
        f->mul(x2, AA, BB);
        fe_mul121666(t0, E);    /* z2 = E * (BB + 121666 E) = E * (AA + a24 E) */
        fe_add(t2, BB, t0);
        f->mul(z2, E, t2);
    }
    fe_cswap(x2, x3, swap);
    fe_cswap(z2, z3, swap);
    fe zi, r;
    fe_invert(f, zi, z2);
    f->mul(r, x2, zi);
    fe_to_bytes(out, r);
}

static void unhex(uint8_t *o, const char *h) {
    for (int i = 0; i < 32; i++) {
        unsigned v;
        sscanf(h + 2 * i, "%2x", &v);
        o[i] = (uint8_t)v;
    }
}

static int check(const struct vf_field *f, const char *what, const uint8_t got[32], const char *want_hex) {
    uint8_t want[32];
    unhex(want, want_hex);
    if (memcmp(got, want, 32) == 0) return 0;
    printf("FAIL %s (%s): got ", what, f->name);
    for (int i = 0; i < 32; i++) printf("%02x", got[i]);
    printf(" want %s\n", want_hex);
    return 1;
}

int vf_x25519_selftest(const struct vf_field *f, int iterations_1000) {
    int fails = 0;
    uint8_t k[32], u[32], r[32];
    /* RFC 7748 section 5.2, the two single vectors */
    unhex(k, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    unhex(u, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    vf_x25519(r, k, u, f);
    fails += check(f, "rfc7748 5.2 vector 1", r, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    unhex(k, "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d");
    unhex(u, "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493");
    vf_x25519(r, k, u, f);
    fails += check(f, "rfc7748 5.2 vector 2", r, "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
    /* iterated: k = u = 9, then (k, u) = (X25519(k, u), k) */
    memset(k, 0, 32);
    k[0] = 9;
    memcpy(u, k, 32);
    int n = iterations_1000 ? 1000 : 1;
    for (int i = 1; i <= n; i++) {
        vf_x25519(r, k, u, f);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == 1) fails += check(f, "rfc7748 5.2 after 1 iteration", k, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
    }
    if (iterations_1000) fails += check(f, "rfc7748 5.2 after 1000 iterations", k, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
    /* section 6.1: Alice and Bob */
    uint8_t a[32], b[32], pa[32], pb[32], nine[32] = {9}, s1[32], s2[32];
    unhex(a, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    unhex(b, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    vf_x25519(pa, a, nine, f);
    fails += check(f, "rfc7748 6.1 Alice's public key", pa, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    vf_x25519(pb, b, nine, f);
    fails += check(f, "rfc7748 6.1 Bob's public key", pb, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    vf_x25519(s1, a, pb, f);
    vf_x25519(s2, b, pa, f);
    fails += check(f, "rfc7748 6.1 shared secret (Alice)", s1, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    fails += check(f, "rfc7748 6.1 shared secret (Bob)", s2, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    return fails;
}
