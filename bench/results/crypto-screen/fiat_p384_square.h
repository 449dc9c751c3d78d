#include <stdint.h>
void fiat_p384_square(uint64_t *out1, const uint64_t *arg1);
