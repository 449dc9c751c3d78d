#!/usr/bin/env bash
# Installs what Veriforge needs on a fresh Debian 12 machine, idempotently:
# Debian packages, a Python venv with the solver wheels, the Rust build.
# Fast when everything is already there (a few stamp checks).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

log() { [ "${VERIFORGE_QUIET_SETUP:-}" = 1 ] || echo "setup: $*" >&2; }

install_apt_packages() {
  local wanted missing=()
  wanted=$(sed -e 's/#.*//' scripts/apt-packages.txt | tr -s ' \n' '\n' | grep -v '^$' || true)
  for p in $wanted; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

install_python_venv() {
  local stamp=.venv/.requirements.sha
  local want; want=$(sha1sum scripts/requirements.txt | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  log "python venv .venv (solver wheels, matplotlib)"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r scripts/requirements.txt
  echo "$want" > "$stamp"
}

install_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/cargo" ] || { log "no cargo found: Veriforge needs a Rust toolchain >= 1.80 (rustup); Debian's rustc is too old"; exit 1; }
  fi
}

install_go() {
  if ! command -v go >/dev/null 2>&1 && [ ! -x /usr/local/go/bin/go ]; then
    log "apt-get install golang"; apt-get install -y -qq golang >/dev/null
  fi
  # go/'s module dependencies (yaml.v3 for the systems' configs, porcupine for the Raft KV
  # linearizability test) from the module proxy, once
  (cd go && PATH=/usr/local/go/bin:$PATH go mod download) || { log "go mod download failed (module proxy unreachable?)"; exit 1; }
}

install_apt_packages
install_python_venv
install_rust
install_go
log "ok ($root)"
