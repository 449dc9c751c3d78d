"""Persistent Bitwuzla worker for vf-smt (embedded in the Rust crate with include_str!).

Protocol on stdin/stdout, all lengths in bytes of UTF-8:
  request:  "RUN <n>\n" followed by n bytes of SMT-LIB2 commands
            "RESET\n"  (fresh solver, same options)
  reply:    "OK <n>\n" + n bytes of solver output (what Bitwuzla printed)
            "ERR <n>\n" + n bytes of error message (parse/sort error)
Bitwuzla's parser prints results to file descriptor 1, so this worker moves
that descriptor onto an anonymous temporary file and speaks the protocol on a
private duplicate of the original stdout.

SIGUSR1 stops the running check-sat (it answers "unknown") without killing
the worker: the handler sets a flag that Bitwuzla's terminator callback reads.

argv[1]: per-check-sat time limit in milliseconds (0 = none).
argv[2]: "1" = incremental session mode. Bitwuzla 0.9.1's parser forgets its
  push depth between parse() calls (so "(pop 1)" in a later call is rejected),
  hence in this mode lines that are exactly "(push N)"/"(pop N)" go straight to
  the solver API and declarations are global (the Rust side tracks scopes).
"""
import os
import re
import signal
import sys
import tempfile

import bitwuzla

SCOPE_LINE = re.compile(r"^\s*\((push|pop)\s+(\d+)\s*\)\s*$")


STOP = [False]


def on_stop_signal(_signum, _frame):
    STOP[0] = True


def main():
    signal.signal(signal.SIGUSR1, on_stop_signal)
    time_limit_ms = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    session_mode = len(sys.argv) > 2 and sys.argv[2] == "1"
    proto_out = os.fdopen(os.dup(1), "wb", buffering=0)
    capture = tempfile.TemporaryFile()
    os.dup2(capture.fileno(), 1)
    sys.stdout = sys.stderr
    proto_in = sys.stdin.buffer

    def fresh_parser():
        tm = bitwuzla.TermManager()
        opts = bitwuzla.Options()
        opts.set(bitwuzla.Option.PRODUCE_MODELS, True)
        if time_limit_ms > 0:
            opts.set(bitwuzla.Option.TIME_LIMIT_PER, time_limit_ms)
        # base 2: values print with their exact width (#b...).
        parser = bitwuzla.Parser(tm, opts, "smt2", 2)
        parser.configure_terminator(lambda: STOP[0])
        if session_mode:
            parser.parse("(set-option :global-declarations true)", False, False)
        return tm, parser

    tm, parser = fresh_parser()
    while True:
        header = proto_in.readline()
        if not header:
            return
        parts = header.split()
        if parts and parts[0] == b"RESET":
            del parser
            tm, parser = fresh_parser()
            reply(proto_out, b"OK", b"")
            continue
        if len(parts) != 2 or parts[0] != b"RUN":
            reply(proto_out, b"ERR", b"bad request header: " + header.strip())
            continue
        text = proto_in.read(int(parts[1])).decode("utf-8")
        STOP[0] = False
        capture.seek(0)
        capture.truncate()
        try:
            if session_mode:
                run_session_batch(parser, text)
            else:
                parser.parse(text, False, False)
        except Exception as e:  # BitwuzlaException: parse or sort error
            reply(proto_out, b"ERR", str(e).encode("utf-8"))
            continue
        capture.seek(0)
        reply(proto_out, b"OK", capture.read())


def run_session_batch(parser, text):
    """Parses text, sending whole-line push/pop commands to the solver API."""
    chunk = []
    for line in text.splitlines():
        m = SCOPE_LINE.match(line)
        if not m:
            chunk.append(line)
            continue
        if chunk:
            parser.parse("\n".join(chunk), False, False)
            chunk = []
        n = int(m.group(2))
        if m.group(1) == "push":
            parser.bitwuzla().push(n)
        else:
            parser.bitwuzla().pop(n)
    if chunk:
        parser.parse("\n".join(chunk), False, False)


def reply(out, status, payload):
    out.write(status + b" " + str(len(payload)).encode() + b"\n" + payload)


if __name__ == "__main__":
    main()
