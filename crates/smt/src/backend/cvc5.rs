//! cvc5 1.4.2 in process: the cvc5 wheel's `libcvc5` and `libcvc5parser`
//! export the cvc5 C API. SMT-LIB2 text is fed to cvc5's own parser
//! (one string input per batch) and every command is invoked on one solver.
//! cvc5's C API has no asynchronous interrupt: the per-check limit is cvc5's
//! `tlimit-per` option, and cvc5 is not a portfolio member.

use super::{locate, Engine, Interrupter, RunOutput};
use crate::error::SmtError;
use libloading::Library;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

type Ptr = *mut c_void;
/// `CVC5_INPUT_LANGUAGE_SMT_LIB_2_6`, the first enumerator (checked at load time).
const SMT_LIB_2_6: c_int = 0;

struct Api {
    _core: Library,
    _parser: Library,
    term_manager_new: unsafe extern "C" fn() -> Ptr,
    term_manager_delete: unsafe extern "C" fn(Ptr),
    new: unsafe extern "C" fn(Ptr) -> Ptr,
    delete: unsafe extern "C" fn(Ptr),
    set_option: unsafe extern "C" fn(Ptr, *const c_char, *const c_char),
    get_version: unsafe extern "C" fn(Ptr) -> *const c_char,
    input_language_to_string: unsafe extern "C" fn(c_int) -> *const c_char,
    symbol_manager_new: unsafe extern "C" fn(Ptr) -> Ptr,
    symbol_manager_delete: unsafe extern "C" fn(Ptr),
    parser_new: unsafe extern "C" fn(Ptr, Ptr) -> Ptr,
    parser_delete: unsafe extern "C" fn(Ptr),
    parser_set_str_input: unsafe extern "C" fn(Ptr, c_int, *const c_char, *const c_char),
    parser_next_command: unsafe extern "C" fn(Ptr, *mut *const c_char) -> Ptr,
    cmd_invoke: unsafe extern "C" fn(Ptr, Ptr, Ptr) -> *const c_char,
}

unsafe impl Send for Api {}
unsafe impl Sync for Api {}

fn load_api() -> Result<Api, SmtError> {
    let core_path = locate::cvc5_library()?;
    let dir = core_path.parent().map(|d| d.to_path_buf()).unwrap_or_default();
    let parser_path = std::fs::read_dir(&dir)
        .map_err(|e| SmtError::SolverNotFound(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("libcvc5parser")))
        .ok_or_else(|| SmtError::SolverNotFound(format!("no libcvc5parser*.so in {}", dir.display())))?;
    let open = |p: &std::path::Path| {
        // SAFETY: loading the cvc5 libraries runs their (trusted) initialisers only.
        unsafe { Library::new(p) }.map_err(|e| SmtError::SolverNotFound(format!("cannot load {}: {e}", p.display())))
    };
    let core = open(&core_path)?;
    let parser = open(&parser_path)?;
    macro_rules! sym {
        ($lib:ident, $name:literal) => {
            // SAFETY: signatures follow cvc5/c/cvc5.h and cvc5/c/cvc5_parser.h (1.4).
            *unsafe { $lib.get($name) }.map_err(|e| {
                SmtError::SolverNotFound(format!("cvc5: missing symbol {}: {e}", String::from_utf8_lossy($name)))
            })?
        };
    }
    let api = Api {
        term_manager_new: sym!(core, b"cvc5_term_manager_new"),
        term_manager_delete: sym!(core, b"cvc5_term_manager_delete"),
        new: sym!(core, b"cvc5_new"),
        delete: sym!(core, b"cvc5_delete"),
        set_option: sym!(core, b"cvc5_set_option"),
        get_version: sym!(core, b"cvc5_get_version"),
        input_language_to_string: sym!(core, b"cvc5_modes_input_language_to_string"),
        symbol_manager_new: sym!(parser, b"cvc5_symbol_manager_new"),
        symbol_manager_delete: sym!(parser, b"cvc5_symbol_manager_delete"),
        parser_new: sym!(parser, b"cvc5_parser_new"),
        parser_delete: sym!(parser, b"cvc5_parser_delete"),
        parser_set_str_input: sym!(parser, b"cvc5_parser_set_str_input"),
        parser_next_command: sym!(parser, b"cvc5_parser_next_command"),
        cmd_invoke: sym!(parser, b"cvc5_cmd_invoke"),
        _core: core,
        _parser: parser,
    };
    // SAFETY: returns a static string for a valid enumerator.
    let lang = unsafe { CStr::from_ptr((api.input_language_to_string)(SMT_LIB_2_6)) }.to_string_lossy().into_owned();
    if !lang.to_ascii_uppercase().contains("SMT_LIB_2_6") {
        return Err(SmtError::SolverNotFound(format!("cvc5: unexpected input language enum ({lang})")));
    }
    Ok(api)
}

fn api() -> Result<&'static Api, SmtError> {
    static API: OnceLock<Result<Api, SmtError>> = OnceLock::new();
    API.get_or_init(load_api).as_ref().map_err(Clone::clone)
}

/// One term manager + solver + symbol manager + incremental parser.
struct Instance {
    api: &'static Api,
    tm: Ptr,
    slv: Ptr,
    sm: Ptr,
    parser: Ptr,
}

impl Instance {
    fn new(timeout: Option<Duration>) -> Result<Instance, SmtError> {
        let api = api()?;
        let opt = |slv: Ptr, k: &str, v: &str| {
            let (k, v) = (CString::new(k).expect("cstr"), CString::new(v).expect("cstr"));
            // SAFETY: valid solver and NUL-terminated strings.
            unsafe { (api.set_option)(slv, k.as_ptr(), v.as_ptr()) }
        };
        // SAFETY: standard construction sequence from the cvc5 C API docs.
        unsafe {
            let tm = (api.term_manager_new)();
            let slv = (api.new)(tm);
            // cvc5 writes warnings (e.g. "No set-logic command was given") straight to the
            // process's output; the exit-code contract allows only our one error line.
            opt(slv, "verbosity", "-1");
            opt(slv, "produce-models", "true");
            opt(slv, "incremental", "true");
            if let Some(t) = timeout {
                opt(slv, "tlimit-per", &t.as_millis().max(1).to_string());
            }
            let sm = (api.symbol_manager_new)(tm);
            let parser = (api.parser_new)(slv, sm);
            Ok(Instance { api, tm, slv, sm, parser })
        }
    }

    fn run(&mut self, text: &str) -> Result<String, SmtError> {
        let c = CString::new(text).map_err(|_| SmtError::Usage("SMT-LIB text contains a NUL byte".into()))?;
        let mut out = String::new();
        let mut parsed = 0usize;
        // SAFETY: all handles are alive; returned strings are copied before the next call.
        unsafe {
            // A new string input per batch on the same parser: declarations live in the
            // symbol manager. (The incremental-string mode stops accepting appends
            // after the parser has reported the end of input once.)
            let name = CString::new("input").expect("cstr");
            (self.api.parser_set_str_input)(self.parser, SMT_LIB_2_6, c.as_ptr(), name.as_ptr());
            loop {
                let mut err: *const c_char = std::ptr::null();
                let cmd = (self.api.parser_next_command)(self.parser, &mut err);
                if !err.is_null() {
                    let msg = CStr::from_ptr(err).to_string_lossy().trim().to_string();
                    // cvc5 does not always say where: name the start of the failing command.
                    if msg.starts_with("input:") {
                        return Err(SmtError::Solver(msg));
                    }
                    let (line, col) = command_start(text, parsed);
                    return Err(SmtError::Solver(format!("input:{line}.{col}: {msg}")));
                }
                if cmd.is_null() {
                    break;
                }
                parsed += 1;
                let printed = (self.api.cmd_invoke)(cmd, self.slv, self.sm);
                if !printed.is_null() {
                    out.push_str(&CStr::from_ptr(printed).to_string_lossy());
                }
            }
        }
        Ok(out)
    }
}

/// 1-based line and column of the start of top-level command number `index`
/// (0-based) in SMT-LIB2 `text`, skipping comments, strings and |symbols|;
/// the end of the text if there are fewer commands.
fn command_start(text: &str, index: usize) -> (usize, usize) {
    let (mut depth, mut seen, mut line, mut col) = (0usize, 0usize, 1usize, 1usize);
    let mut in_comment = false;
    let mut quote: Option<char> = None;
    for ch in text.chars() {
        let here = (line, col);
        if ch == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
        if in_comment {
            in_comment = ch != '\n';
            continue;
        }
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            }
            continue;
        }
        match ch {
            ';' => in_comment = true,
            '"' | '|' => quote = Some(ch),
            '(' => {
                if depth == 0 {
                    if seen == index {
                        return here;
                    }
                    seen += 1;
                }
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (line, col)
}

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: reverse construction order; nothing else holds these handles.
        unsafe {
            (self.api.parser_delete)(self.parser);
            (self.api.symbol_manager_delete)(self.sm);
            (self.api.delete)(self.slv);
            (self.api.term_manager_delete)(self.tm);
        }
    }
}

// The handles are only used by the thread that owns the engine.
unsafe impl Send for Instance {}

/// cvc5's version string.
pub fn version() -> Result<String, SmtError> {
    let inst = Instance::new(None)?;
    // SAFETY: valid solver; static string.
    Ok(format!("cvc5 {}", unsafe { CStr::from_ptr((inst.api.get_version)(inst.slv)) }.to_string_lossy()))
}

pub(crate) struct Cvc5Engine {
    timeout: Option<Duration>,
    /// Serving a `Solver` session: start with `(set-logic ALL)` (raw scripts bring their own).
    session: bool,
    inst: Instance,
    /// A parse error leaves cvc5's parser unusable: start afresh on reset.
    lost: bool,
}

impl Cvc5Engine {
    pub(crate) fn new(timeout: Option<Duration>, session: bool) -> Result<Cvc5Engine, SmtError> {
        let mut e = Cvc5Engine { timeout, session, inst: Instance::new(timeout)?, lost: false };
        e.start()?;
        Ok(e)
    }

    fn start(&mut self) -> Result<(), SmtError> {
        if self.session {
            self.inst.run("(set-logic ALL)\n")?;
        }
        Ok(())
    }
}

impl Engine for Cvc5Engine {
    fn name(&self) -> &'static str {
        "cvc5"
    }

    fn run(&mut self, commands: &str) -> Result<RunOutput, SmtError> {
        let out = self.inst.run(commands);
        if out.is_err() {
            self.lost = true;
        }
        let out = out?;
        if let Some(line) = out.lines().find(|l| l.starts_with("(error ")) {
            return Err(SmtError::Solver(line.trim().to_string()));
        }
        Ok(RunOutput::Text(out))
    }

    fn interrupter(&self) -> Interrupter {
        // No asynchronous interrupt in the cvc5 C API; `tlimit-per` bounds each check.
        Interrupter(Arc::new(|| {}))
    }

    fn reset(&mut self) -> Result<(), SmtError> {
        self.inst = Instance::new(self.timeout)?;
        self.lost = false;
        self.start()
    }

    fn lost_state(&self) -> bool {
        self.lost
    }
}

#[cfg(test)]
mod tests {
    use super::command_start;

    #[test]
    fn finds_the_failing_command() {
        let text = "(set-logic QF_BV) ; (not a command\n(declare-const |a(| (_ BitVec 8))\n  (assert (= y x))\n";
        assert_eq!(command_start(text, 0), (1, 1));
        assert_eq!(command_start(text, 1), (2, 1));
        assert_eq!(command_start(text, 2), (3, 3));
    }
}
