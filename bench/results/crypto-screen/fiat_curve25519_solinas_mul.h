#include <stdint.h>
void fiat_curve25519_solinas_mul(uint64_t *out1, const uint64_t *arg1, const uint64_t *arg2);
