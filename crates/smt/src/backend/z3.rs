//! z3 in process: `libz3.so` from the z3-solver wheel, opened with `libloading`
//! at run time (no link-time dependency). Queries go in as SMT-LIB2 text via
//! `Z3_eval_smtlib2_string`, so z3 reads exactly the script we export.

use super::{locate, Engine, Interrupter, RunOutput};
use crate::error::SmtError;
use libloading::Library;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

type Ctx = *mut c_void;
type Cfg = *mut c_void;

struct Api {
    _lib: Library,
    mk_config: unsafe extern "C" fn() -> Cfg,
    del_config: unsafe extern "C" fn(Cfg),
    set_param_value: unsafe extern "C" fn(Cfg, *const c_char, *const c_char),
    mk_context: unsafe extern "C" fn(Cfg) -> Ctx,
    del_context: unsafe extern "C" fn(Ctx),
    eval_smtlib2_string: unsafe extern "C" fn(Ctx, *const c_char) -> *const c_char,
    interrupt: unsafe extern "C" fn(Ctx),
    get_error_code: unsafe extern "C" fn(Ctx) -> c_int,
    get_error_msg: unsafe extern "C" fn(Ctx, c_int) -> *const c_char,
    set_error_handler: unsafe extern "C" fn(Ctx, Option<unsafe extern "C" fn(Ctx, c_int)>),
    get_full_version: unsafe extern "C" fn() -> *const c_char,
}

// The function pointers are plain C entry points; z3 contexts are used by one
// thread at a time except `Z3_interrupt`, which z3 documents as thread-safe.
unsafe impl Send for Api {}
unsafe impl Sync for Api {}

unsafe extern "C" fn ignore_errors(_ctx: Ctx, _code: c_int) {}

fn load_api() -> Result<Api, SmtError> {
    let path = locate::z3_library()?;
    // SAFETY: loading libz3 runs its (trusted) initialisers only.
    let lib = unsafe { Library::new(&path) }
        .map_err(|e| SmtError::SolverNotFound(format!("cannot load {}: {e}", path.display())))?;
    macro_rules! sym {
        ($name:literal) => {
            // SAFETY: the signature matches z3's C API header (z3_api.h).
            *unsafe { lib.get($name) }.map_err(|e| {
                SmtError::SolverNotFound(format!("{}: missing symbol {}: {e}", path.display(), String::from_utf8_lossy($name)))
            })?
        };
    }
    Ok(Api {
        mk_config: sym!(b"Z3_mk_config"),
        del_config: sym!(b"Z3_del_config"),
        set_param_value: sym!(b"Z3_set_param_value"),
        mk_context: sym!(b"Z3_mk_context"),
        del_context: sym!(b"Z3_del_context"),
        eval_smtlib2_string: sym!(b"Z3_eval_smtlib2_string"),
        interrupt: sym!(b"Z3_interrupt"),
        get_error_code: sym!(b"Z3_get_error_code"),
        get_error_msg: sym!(b"Z3_get_error_msg"),
        set_error_handler: sym!(b"Z3_set_error_handler"),
        get_full_version: sym!(b"Z3_get_full_version"),
        _lib: lib,
    })
}

fn api() -> Result<&'static Api, SmtError> {
    static API: OnceLock<Result<Api, SmtError>> = OnceLock::new();
    API.get_or_init(load_api).as_ref().map_err(Clone::clone)
}

/// z3's version string, e.g. "Z3 5.4.0.0".
pub fn version() -> Result<String, SmtError> {
    let api = api()?;
    // SAFETY: returns a static NUL-terminated string.
    Ok(unsafe { CStr::from_ptr((api.get_full_version)()) }.to_string_lossy().into_owned())
}

/// Owns one z3 context; shared with interrupters so it outlives them.
struct Context {
    api: &'static Api,
    ctx: Ctx,
    /// Serialises eval calls against deletion; interrupt does not take it.
    busy: Mutex<()>,
}

unsafe impl Send for Context {}
unsafe impl Sync for Context {}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: last reference; no call is running.
        unsafe { (self.api.del_context)(self.ctx) }
    }
}

pub(crate) struct Z3Engine {
    ctx: Arc<Context>,
    preamble: String,
    /// Newlines in everything this context has read (z3's error line numbers count them).
    lines_before: usize,
}

impl Z3Engine {
    pub(crate) fn new(timeout: Option<Duration>) -> Result<Z3Engine, SmtError> {
        let api = api()?;
        // SAFETY: standard z3 context creation sequence.
        let ctx = unsafe {
            let cfg = (api.mk_config)();
            let model = CString::new("model").expect("cstr");
            let t = CString::new("true").expect("cstr");
            (api.set_param_value)(cfg, model.as_ptr(), t.as_ptr());
            let ctx = (api.mk_context)(cfg);
            (api.del_config)(cfg);
            (api.set_error_handler)(ctx, Some(ignore_errors));
            ctx
        };
        if ctx.is_null() {
            return Err(SmtError::Backend("Z3_mk_context returned null".into()));
        }
        let mut preamble = String::from("(set-option :produce-models true)\n");
        if let Some(t) = timeout {
            preamble.push_str(&format!("(set-option :timeout {})\n", t.as_millis().max(1)));
        }
        let mut engine = Z3Engine { ctx: Arc::new(Context { api, ctx, busy: Mutex::new(()) }), preamble, lines_before: 0 };
        let pre = engine.preamble.clone();
        engine.eval(&pre)?;
        Ok(engine)
    }

    fn eval(&mut self, text: &str) -> Result<String, SmtError> {
        let c = CString::new(text).map_err(|_| SmtError::Usage("SMT-LIB text contains a NUL byte".into()))?;
        let _guard = self.ctx.busy.lock().unwrap_or_else(|e| e.into_inner());
        let api = self.ctx.api;
        let lines_before = self.lines_before;
        self.lines_before += text.bytes().filter(|b| *b == b'\n').count();
        // SAFETY: ctx is alive (we hold an Arc); the returned string is owned by
        // the context and copied before the next call.
        unsafe {
            let out = (api.eval_smtlib2_string)(self.ctx.ctx, c.as_ptr());
            let code = (api.get_error_code)(self.ctx.ctx);
            if code != 0 {
                let msg = CStr::from_ptr((api.get_error_msg)(self.ctx.ctx, code)).to_string_lossy().into_owned();
                return Err(SmtError::Solver(clean_z3_error(&msg, lines_before)));
            }
            if out.is_null() {
                return Ok(String::new());
            }
            Ok(CStr::from_ptr(out).to_string_lossy().into_owned())
        }
    }
}

/// `(error "line 6 column 5: unknown constant y")` -> `line 3 column 5: unknown constant y`:
/// z3 numbers lines across all texts a context has read, so subtract `lines_before`.
fn clean_z3_error(msg: &str, lines_before: usize) -> String {
    let m = msg.trim();
    let inner = match (m.find("(error \""), m.rfind("\")")) {
        (Some(a), Some(b)) if a + 8 <= b => &m[a + 8..b],
        _ => m,
    };
    let first = inner.lines().next().unwrap_or(inner);
    if let Some(rest) = first.strip_prefix("line ") {
        if let Some((line, tail)) = rest.split_once(' ') {
            if let Ok(l) = line.parse::<usize>() {
                if l > lines_before {
                    return format!("line {} {tail}", l - lines_before);
                }
            }
        }
    }
    first.to_string()
}

impl Engine for Z3Engine {
    fn name(&self) -> &'static str {
        "z3"
    }

    fn run(&mut self, commands: &str) -> Result<RunOutput, SmtError> {
        let lines_before = self.lines_before;
        let out = self.eval(commands)?;
        // z3 also reports some errors inline and keeps going.
        if let Some(line) = out.lines().find(|l| l.starts_with("(error ")) {
            return Err(SmtError::Solver(clean_z3_error(line, lines_before)));
        }
        Ok(RunOutput::Text(out))
    }

    fn interrupter(&self) -> Interrupter {
        let ctx = self.ctx.clone();
        // SAFETY: Z3_interrupt may be called from another thread while the context is in use.
        Interrupter(Arc::new(move || unsafe { (ctx.api.interrupt)(ctx.ctx) }))
    }

    fn reset(&mut self) -> Result<(), SmtError> {
        let text = format!("(reset)\n{}", self.preamble);
        self.eval(&text).map(|_| ())
    }

    fn lost_state(&self) -> bool {
        false
    }
}
