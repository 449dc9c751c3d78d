#include <stdint.h>
void fiat_secp256k1_dettman_mul(uint64_t *out1, const uint64_t *arg1, const uint64_t *arg2);
