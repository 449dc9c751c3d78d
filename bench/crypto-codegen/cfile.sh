#!/usr/bin/env bash
# Fiat C file (without .c) holding the function named $1 (same mapping as bench/crypto/run.sh).
case "$1" in
  *secp256k1*) echo secp256k1_montgomery_64;; *solinas*) echo curve25519_solinas_64;; *25519*) echo curve25519_64;;
  *p224*) echo p224_64;; *p256*) echo p256_64;; *poly1305*) echo poly1305_64;; *) echo secp256k1_montgomery_64;;
esac
