//! `veriforge mpcal validate`: trace validation of runs recorded by go/distsys against the lock
//! service spec (go/systems/locksvc/locksvc.tla). Hand-written traces pin the matching rules;
//! the recorded-run test records real runs with `go test` (a correct server and one that grants
//! the lock twice) and validates them.
use std::path::{Path, PathBuf};
use std::process::Command;

fn vf() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn spec() -> PathBuf {
    repo().join("go/systems/locksvc/locksvc.tla")
}

fn tmpdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vf-validate-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// One client, one round.
const CFG1: &str = "CONSTANTS\n    NumClients = 1\n    Rounds = 1\n    defaultInitValue = defaultInitValue\nINIT Init\nNEXT Next\n";

fn ev(arch: &str, slf: i64, label: &str, next: &str, ops: &str, clock: &[(&str, u64)]) -> String {
    let id = format!("{arch}/{slf}");
    let clock: Vec<String> = clock.iter().map(|(k, n)| format!("\"{k}\":{n}")).collect();
    // a client's local `round`: 1 once it has left the critical section
    let locals = if arch == "ALockClient" { format!("{{\"round\":{}}}", if clock.len() > 1 && label != "enter" { 1 } else { 0 }) } else { "{}".into() };
    format!(
        "{{\"archetype\":\"{arch}\",\"id\":\"{id}\",\"self\":{slf},\"label\":\"{label}\",\"next\":\"{next}\",\"ops\":[{ops}],\"locals\":{locals},\"clock\":{{{}}}}}",
        clock.join(",")
    )
}

/// Adds commit windows `[start, end]` (ns) to the lines.
fn with_windows(lines: &[String], windows: &[(i64, i64)]) -> Vec<String> {
    lines.iter().zip(windows).map(|(l, (a, b))| format!("{},\"commit\":[{a},{b}]}}", &l[..l.len() - 1])).collect()
}

fn msg(kind: &str) -> String {
    format!("{{\"fn\":[[\"from\",1],[\"kind\",\"{kind}\"]]}}")
}

/// A correct run of one client and the server, written by hand: (client lines, server lines).
fn hand_run() -> (Vec<String>, Vec<String>) {
    let (c, s) = ("ALockClient/1", "ALockServer/0");
    let client = vec![
        ev("ALockClient", 1, "loop", "request", "", &[(c, 1)]),
        ev("ALockClient", 1, "request", "enter", &format!("{{\"op\":\"write\",\"res\":\"net\",\"idx\":[0],\"val\":{}}}", msg("acquire")), &[(c, 2)]),
        ev(
            "ALockClient",
            1,
            "enter",
            "leave",
            "{\"op\":\"read\",\"res\":\"net\",\"idx\":[1],\"val\":\"granted\"},{\"op\":\"write\",\"res\":\"inCS\",\"idx\":[1],\"val\":true}",
            &[(c, 3), (s, 3)],
        ),
        ev(
            "ALockClient",
            1,
            "leave",
            "loop",
            &format!("{{\"op\":\"write\",\"res\":\"inCS\",\"idx\":[1],\"val\":false}},{{\"op\":\"write\",\"res\":\"net\",\"idx\":[0],\"val\":{}}}", msg("release")),
            &[(c, 4), (s, 3)],
        ),
        ev("ALockClient", 1, "loop", "Done", "", &[(c, 5), (s, 3)]),
    ];
    let server = vec![
        ev("ALockServer", 0, "serve", "receive", "", &[(s, 1)]),
        ev("ALockServer", 0, "receive", "handle", &format!("{{\"op\":\"read\",\"res\":\"net\",\"idx\":[0],\"val\":{}}}", msg("acquire")), &[(s, 2), (c, 2)]),
        ev("ALockServer", 0, "handle", "serve", "{\"op\":\"write\",\"res\":\"net\",\"idx\":[1],\"val\":\"granted\"}", &[(s, 3), (c, 2)]),
        ev("ALockServer", 0, "serve", "receive", "", &[(s, 4), (c, 2)]),
        ev("ALockServer", 0, "receive", "handle", &format!("{{\"op\":\"read\",\"res\":\"net\",\"idx\":[0],\"val\":{}}}", msg("release")), &[(s, 5), (c, 4)]),
        ev("ALockServer", 0, "handle", "serve", "", &[(s, 6), (c, 4)]),
        ev("ALockServer", 0, "serve", "receive", "", &[(s, 7), (c, 4)]),
    ];
    (client, server)
}

fn write_run(dir: &Path, client: &[String], server: &[String]) {
    std::fs::write(dir.join("ALockClient_1.jsonl"), client.join("\n") + "\n").unwrap();
    std::fs::write(dir.join("ALockServer_0.jsonl"), server.join("\n") + "\n").unwrap();
    std::fs::write(dir.join("one.cfg"), CFG1).unwrap();
}

fn validate(dir: &Path, cfg: &Path) -> std::process::Output {
    vf().args(["mpcal", "validate"]).arg(spec()).arg(dir).arg("--config").arg(cfg).output().unwrap()
}

#[test]
fn hand_written_run_is_valid() {
    let d = tmpdir("hand-ok");
    let (c, s) = hand_run();
    write_run(&d, &c, &s);
    let out = validate(&d, &d.join("one.cfg"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout} {}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("trace valid: 12 steps"), "{stdout}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Each mutation of the correct run is rejected, and the report names the step at fault.
#[test]
fn mutated_runs_are_rejected_at_the_right_step() {
    let (c, s) = hand_run();
    type Mutation = (&'static str, Box<dyn Fn(&mut Vec<String>, &mut Vec<String>)>, &'static str);
    let cases: Vec<Mutation> = vec![
        // the client reads a reply the server never sent
        ("reply", Box::new(|c, _| c[2] = c[2].replace("\"val\":\"granted\"", "\"val\":\"denied\"")), "ALockClient (self = 1) label enter -> leave"),
        // the server grants without being asked twice... here: it does not send the grant
        ("nogrant", Box::new(|_, s| s[2] = s[2].replace("{\"op\":\"write\",\"res\":\"net\",\"idx\":[1],\"val\":\"granted\"}", "")), "ALockServer (self = 0) label handle -> serve"),
        // the server sends a grant the model does not send (on the release)
        ("extra", Box::new(|_, s| s[5] = s[5].replace("\"ops\":[]", "\"ops\":[{\"op\":\"write\",\"res\":\"net\",\"idx\":[1],\"val\":\"granted\"}]")), "ALockServer (self = 0) label handle -> serve"),
        // a label the model does not go to
        ("label", Box::new(|c, _| {
            c[3] = c[3].replace("\"next\":\"loop\"", "\"next\":\"enter\"");
            c[4] = c[4].replace("\"label\":\"loop\"", "\"label\":\"enter\"");
        }), "ALockClient (self = 1) label leave -> enter"),
        // inCS written with a value the spec does not write
        ("incs", Box::new(|c, _| c[2] = c[2].replace("\"val\":true", "\"val\":false")), "ALockClient (self = 1) label enter -> leave"),
        // a local with a value the spec does not compute
        ("local", Box::new(|c, _| c[3] = c[3].replace("\"round\":1", "\"round\":5")), "ALockClient (self = 1) label leave -> loop"),
    ];
    for (tag, mutate, want) in cases {
        let d = tmpdir(&format!("mut-{tag}"));
        let (mut c2, mut s2) = (c.clone(), s.clone());
        mutate(&mut c2, &mut s2);
        assert!(c2 != c || s2 != s, "{tag}: mutation did nothing");
        write_run(&d, &c2, &s2);
        let out = validate(&d, &d.join("one.cfg"));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{tag}: {stdout} {}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.starts_with("trace invalid:"), "{tag}: {stdout}");
        assert!(stdout.contains(want), "{tag}: want {want:?} in {stdout}");
        std::fs::remove_dir_all(&d).unwrap();
    }
}

/// The server's receive of the release comes after the client's `leave` in every interleaving
/// the clocks allow; a clock claiming the opposite leaves no step causally ready.
#[test]
fn clocks_constrain_the_interleaving() {
    let d = tmpdir("clock");
    let (c, mut s) = hand_run();
    // the server's first step claims to come after the client's fifth
    s[0] = s[0].replace("\"clock\":{\"ALockServer/0\":1}", "\"clock\":{\"ALockServer/0\":1,\"ALockClient/1\":5}");
    write_run(&d, &c, &s);
    let out = validate(&d, &d.join("one.cfg"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("more than 2 of 12 steps"), "{stdout}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Commit windows order steps in real time: a client that read the grant before the server
/// started sending it is rejected, unless real-time order is switched off (the clocks alone
/// allow the order); consistent windows are accepted.
#[test]
fn commit_windows_order_steps_in_real_time() {
    let d = tmpdir("realtime");
    let (c, s) = hand_run();
    // consistent: the server's steps 1-3 at 10..60, the client's around them
    let cw = [(1, 2), (3, 4), (70, 80), (90, 100), (110, 120)];
    let sw = [(10, 20), (30, 40), (50, 60), (95, 96), (130, 140), (150, 160), (170, 180)];
    write_run(&d, &with_windows(&c, &cw), &with_windows(&s, &sw));
    let out = validate(&d, &d.join("one.cfg"));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    // the client's enter (reads the grant) ends before the server's handle (sends it) starts
    let cw = [(1, 2), (3, 4), (5, 6), (90, 100), (110, 120)];
    write_run(&d, &with_windows(&c, &cw), &with_windows(&s, &sw));
    let out = validate(&d, &d.join("one.cfg"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("in real-time order"), "{stdout}");
    let out = vf().args(["mpcal", "validate", "--no-real-time"]).arg(spec()).arg(&d).arg("--config").arg(d.join("one.cfg")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_trace_input_exits_2_with_position() {
    let d = tmpdir("bad");
    let (c, mut s) = hand_run();
    s[3] = "{\"archetype\": oops".into();
    write_run(&d, &c, &s);
    let out = validate(&d, &d.join("one.cfg"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("ALockServer_0.jsonl:4:"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(out.stdout.is_empty());
    // a missing step (the own clock entry jumps)
    let (c, mut s) = hand_run();
    s.remove(1);
    write_run(&d, &c, &s);
    let out = validate(&d, &d.join("one.cfg"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("ALockServer_0.jsonl:2:1: the clock entry of ALockServer/0 is 3, expected 2"), "{stderr}");
    // an instance the spec does not have
    let (mut c, s) = hand_run();
    for l in c.iter_mut() {
        *l = l.replace("\"self\":1", "\"self\":7");
    }
    write_run(&d, &c, &s);
    let out = validate(&d, &d.join("one.cfg"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no instance of archetype ALockClient has self = 7"), "{stderr}");
    // empty trace files: nothing to validate is an error, never "trace valid: 0 steps"
    write_run(&d, &[], &[]);
    let out = validate(&d, &d.join("one.cfg"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the trace files hold no steps"), "{stderr}");
    std::fs::remove_dir_all(&d).unwrap();
}

fn go() -> Command {
    let path = format!("/usr/local/go/bin:{}", std::env::var("PATH").unwrap_or_default());
    let exe = std::env::split_paths(&path).map(|d| d.join("go")).find(|p| p.is_file()).unwrap_or_else(|| PathBuf::from("go"));
    let mut c = Command::new(exe);
    c.env("PATH", path);
    c
}

/// Real runs recorded by go/systems/locksvc/trace_test.go: the correct server's run is a
/// behaviour of the spec (every recorded step), the broken server's is rejected at its double grant.
#[test]
fn recorded_lock_service_runs() {
    let d = tmpdir("recorded");
    let out = go()
        .args(["test", "-count=1", "-run", "TestRecord", "./systems/locksvc/"])
        .current_dir(repo().join("go"))
        .env("VERIFORGE_TRACE_OUT", &d)
        .output()
        .unwrap();
    assert!(out.status.success(), "go test: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let cfg = repo().join("go/systems/locksvc/locksvcValidate.cfg");
    let lines: usize = std::fs::read_dir(d.join("ok")).unwrap().map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap().lines().count()).sum();
    let ok = validate(&d.join("ok"), &cfg);
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert!(ok.status.success(), "{stdout} {}", String::from_utf8_lossy(&ok.stderr));
    assert!(stdout.starts_with(&format!("trace valid: {lines} steps")), "{lines} lines: {stdout}");
    let bad = validate(&d.join("broken"), &cfg);
    let stdout = String::from_utf8_lossy(&bad.stdout);
    assert_eq!(bad.status.code(), Some(1), "{stdout} {}", String::from_utf8_lossy(&bad.stderr));
    assert!(stdout.contains("ALockServer (self = 0) label handle -> serve: net["), "{stdout}");
    assert!(stdout.contains("] := \"granted\""), "{stdout}");
    std::fs::remove_dir_all(&d).unwrap();
}
