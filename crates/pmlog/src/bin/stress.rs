//! Writer child for the SIGKILL test: `vf-pmlog-stress [--multi] <log-file>` appends and commits
//! until killed, printing the last committed seq after every commit (`--multi`: a multilog, see
//! `vf_pmlog::stress::multi_writer_loop`).

fn main() {
    let mut args: Vec<_> = std::env::args_os().skip(1).collect();
    let multi = args.first().is_some_and(|a| a == "--multi");
    if multi {
        args.remove(0);
    }
    let path = args
        .first()
        .expect("usage: vf-pmlog-stress [--multi] <log-file>");
    let path = std::path::Path::new(path);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let r = if multi {
        vf_pmlog::stress::multi_writer_loop(path, &mut out, None)
    } else {
        vf_pmlog::stress::writer_loop(path, &mut out, None)
    };
    if let Err(e) = r {
        eprintln!("vf-pmlog-stress: {e}");
        std::process::exit(1);
    }
}
