"""Persistent Bitwuzla worker for vf-smt (embedded in the Rust crate with include_str!).

Protocol on stdin/stdout, all lengths in bytes of UTF-8:
  request:  "RUN <n>\n" followed by n bytes of SMT-LIB2 commands
            "RESET\n"  (fresh solver, same options)
  reply:    "OK <n>\n" + n bytes of solver output (what Bitwuzla printed)
            "ERR <n>\n" + n bytes of error message (parse/sort error)
Bitwuzla's parser prints results to file descriptor 1, so this worker moves
that descriptor onto an anonymous temporary file and speaks the protocol on a
private duplicate of the original stdout.
argv[1]: per-check-sat time limit in milliseconds (0 = none).
"""
import os
import sys
import tempfile

import bitwuzla


def main():
    time_limit_ms = int(sys.argv[1]) if len(sys.argv) > 1 else 0
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
        return tm, bitwuzla.Parser(tm, opts, "smt2", 2)

    tm, parser = fresh_parser()
    while True:
        header = proto_in.readline()
        if not header:
            return
        parts = header.split()
        if parts[0] == b"RESET":
            del parser
            tm, parser = fresh_parser()
            reply(proto_out, b"OK", b"")
            continue
        if parts[0] != b"RUN" or len(parts) != 2:
            reply(proto_out, b"ERR", b"bad request header: " + header.strip())
            continue
        text = proto_in.read(int(parts[1])).decode("utf-8")
        capture.seek(0)
        capture.truncate()
        try:
            parser.parse(text, False, False)
            status = b"OK"
            extra = b""
        except Exception as e:  # BitwuzlaException: parse or sort error
            status = b"ERR"
            extra = str(e).encode("utf-8")
        capture.seek(0)
        printed = capture.read()
        reply(proto_out, status, extra if status == b"ERR" else printed)


def reply(out, status, payload):
    out.write(status + b" " + str(len(payload)).encode() + b"\n" + payload)


if __name__ == "__main__":
    main()
