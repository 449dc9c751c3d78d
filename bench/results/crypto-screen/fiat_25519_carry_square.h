#include <stdint.h>
void fiat_25519_carry_square(uint64_t *out1, const uint64_t *arg1);
