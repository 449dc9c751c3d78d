# Shared pieces of bench/crypto/run.sh and screen.sh (sourced; needs $S = ../shared/corpora/fiat).

c_file() {  # Fiat's C file (without .c) of a function of $S/fn
  case "$1" in
    *secp256k1_dettman*) echo secp256k1_dettman_64;; *secp256k1*) echo secp256k1_montgomery_64;;
    *solinas*) echo curve25519_solinas_64;; *25519*) echo curve25519_64;;
    *p224*) echo p224_64;; *p256*) echo p256_64;; *p384*) echo p384_64;; *p434*) echo p434_64;;
    *p448*) echo p448_solinas_64;; *p521*) echo p521_64;; *poly1305*) echo poly1305_64;;
    *) echo "unknown function $1" >&2; return 1;;
  esac
}

published_dir() {  # CryptOpt's published files of a function of $S/fn
  echo "$S/baseline-asm/$(echo "$1" | sed -e 's/fiat_25519_carry/fiat_curve25519_carry/' \
    -e 's/fiat_p448_carry/fiat_p448_solinas_carry/')"
}
