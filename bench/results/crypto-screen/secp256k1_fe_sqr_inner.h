#include <stdint.h>
void secp256k1_fe_sqr_inner(uint64_t *out1, const uint64_t *arg1);
