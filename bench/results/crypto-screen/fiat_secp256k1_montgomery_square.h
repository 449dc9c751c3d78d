#include <stdint.h>
void fiat_secp256k1_montgomery_square(uint64_t *out1, const uint64_t *arg1);
