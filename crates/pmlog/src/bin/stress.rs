//! Writer child for the SIGKILL test: `vf-pmlog-stress <log-file>` appends and commits until
//! killed, printing the last committed seq after every commit.

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .expect("usage: vf-pmlog-stress <log-file>");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = vf_pmlog::stress::writer_loop(std::path::Path::new(&path), &mut out, None) {
        eprintln!("vf-pmlog-stress: {e}");
        std::process::exit(1);
    }
}
