//! Module loading and scopes. Parsed modules and scopes live for the whole run (they are leaked on
//! purpose: a checking run builds them once), so expressions are `&'static Expr` and evaluation
//! never clones syntax. A scope maps every name visible in one module instance (its own
//! definitions, what it EXTENDS, unnamed INSTANCEs) to a `Def`.

use super::value::Value;
use super::{Closure, Env};
use crate::ast::*;
use crate::error::SourceFile;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

pub type Sc = &'static Scope;
/// Name maps hashed with the fast deterministic hasher (name lookups are on the hot path).
pub type NameMap<V> = HashMap<&'static str, V, std::hash::BuildHasherDefault<super::value::FpHasher>>;
pub type E = &'static Expr;

/// Modules TLC implements natively; their operators are built into the evaluator.
pub const NATIVE_MODULES: &[&str] =
    &["Naturals", "Integers", "Reals", "Sequences", "FiniteSets", "Bags", "TLC", "TLAPS", "Randomization", "_TLCTrace", "TLCExt", "Json", "IOUtils"];

pub struct LoadedModule {
    pub module: &'static Module,
    pub file: &'static SourceFile,
}

pub enum Def {
    Op(&'static OpDef, Sc),
    Fn(&'static FnDef, Sc),
    Inst { params: &'static [OpDecl], inst: &'static Instance, scope: Sc, cache: Arc<Mutex<HashMap<Vec<Value>, Sc>>> },
    /// A constant of the root module, set by the configuration (None until set).
    Const(Arc<RwLock<Option<Value>>>, &'static str),
    Var(usize),
    /// A constant or variable of an instantiated module: `expr` in the instantiating scope.
    Sub { expr: E, scope: Sc, env: Env },
    /// An operator constant replaced by an operator (`C <- Op` in the config, or an operator argument).
    OpValue(Arc<Closure>),
}

impl Clone for Def {
    fn clone(&self) -> Def {
        match self {
            Def::Op(d, s) => Def::Op(d, s),
            Def::Fn(d, s) => Def::Fn(d, s),
            Def::Inst { params, inst, scope, cache } => Def::Inst { params, inst, scope, cache: cache.clone() },
            Def::Const(c, n) => Def::Const(c.clone(), n),
            Def::Var(i) => Def::Var(*i),
            Def::Sub { expr, scope, env } => Def::Sub { expr, scope, env: env.clone() },
            Def::OpValue(c) => Def::OpValue(c.clone()),
        }
    }
}

pub struct Scope {
    pub file: &'static SourceFile,
    pub module_name: String,
    pub defs: OnceLock<NameMap<Def>>,
    /// Values of constant-level nullary definitions, computed once.
    pub cache: RwLock<NameMap<Value>>,
    /// The source file and module of the definitions that come from an EXTENDed module (the
    /// scope's own file is not theirs): where a trace says an action is.
    pub origins: OnceLock<NameMap<(&'static SourceFile, &'static str)>>,
}

impl Scope {
    pub fn get(&self, name: &str) -> Option<&Def> {
        self.defs.get().and_then(|d| d.get(name))
    }
    /// The file and module name that define `name` as seen from this scope (this scope's own
    /// module unless the definition comes from a module it EXTENDS).
    pub fn origin(&self, name: &str) -> (&'static SourceFile, &str) {
        match self.origins.get().and_then(|o| o.get(name)) {
            Some((f, m)) => (f, m),
            None => (self.file, &self.module_name),
        }
    }
}

pub struct Loader {
    pub dirs: Vec<PathBuf>,
    loaded: Mutex<HashMap<String, &'static LoadedModule>>,
}

#[derive(Debug)]
pub struct LoadError(pub String);

impl Loader {
    pub fn new(dirs: Vec<PathBuf>) -> Loader {
        Loader { dirs, loaded: Mutex::new(HashMap::new()) }
    }

    pub fn load_file(&self, path: &Path) -> Result<&'static LoadedModule, LoadError> {
        let text = std::fs::read_to_string(path).map_err(|e| LoadError(format!("{}:1:1: cannot read: {e}", path.display())))?;
        let file: &'static SourceFile = Box::leak(Box::new(SourceFile::new(path.display().to_string(), text)));
        let module = crate::parser::parse_module(&file.text).map_err(|d| LoadError(file.one_line(&d)))?;
        let end = module.span.end;
        let m: &'static LoadedModule = Box::leak(Box::new(LoadedModule { module: Box::leak(Box::new(module)), file }));
        self.loaded.lock().unwrap().insert(m.module.name.clone(), m);
        // further modules in the same file (after the first module's `====`), as SANY reads them
        let mut from = end;
        while let Some(rel) = crate::parser::find_module_start(&file.text[from..]) {
            let off = from + rel;
            // keep byte offsets and line numbers: blank out everything before the header
            let mut padded: Vec<u8> = file.text.as_bytes()[..off].iter().map(|&b| if b == b'\n' { b'\n' } else { b' ' }).collect();
            padded.extend_from_slice(&file.text.as_bytes()[off..]);
            let text = String::from_utf8(padded).unwrap_or_default();
            let sub_file: &'static SourceFile = Box::leak(Box::new(SourceFile::new(file.name.clone(), text)));
            match crate::parser::parse_module(&sub_file.text) {
                Ok(sm) => {
                    let next = sm.span.end.max(off + 1);
                    let lm: &'static LoadedModule = Box::leak(Box::new(LoadedModule { module: Box::leak(Box::new(sm)), file: sub_file }));
                    self.loaded.lock().unwrap().entry(lm.module.name.clone()).or_insert(lm);
                    from = next;
                }
                Err(_) => break,
            }
        }
        Ok(m)
    }

    /// A module by name: already loaded, or `Name.tla` in one of the search directories.
    pub fn load(&self, name: &str) -> Result<&'static LoadedModule, String> {
        if let Some(m) = self.loaded.lock().unwrap().get(name) {
            return Ok(m);
        }
        for d in &self.dirs {
            let p = d.join(format!("{name}.tla"));
            if p.exists() {
                return self.load_file(&p).map_err(|e| e.0);
            }
        }
        Err(format!("cannot find module {name} (searched {})", self.dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")))
    }
}

/// Root-scope facts the checker needs.
#[derive(Default)]
pub struct RootInfo {
    pub variables: Vec<&'static str>,
    pub constants: Vec<(&'static str, Arc<RwLock<Option<Value>>>, usize)>,
    pub assumes: Vec<(E, Sc)>,
}

pub struct BuildError {
    pub msg: String,
}

/// Builds the scope of a module. `subs` maps the module's constants/variables to expressions of
/// the instantiating scope (None for the root module, whose constants come from the config).
pub fn build_scope(
    loader: &Loader,
    m: &'static LoadedModule,
    subs: Option<(&HashMap<&'static str, Def>, Sc, Env)>,
    root: &mut RootInfo,
) -> Result<Sc, String> {
    let scope: Sc = Box::leak(Box::new(Scope {
        file: m.file,
        module_name: m.module.name.clone(),
        defs: OnceLock::new(),
        cache: RwLock::new(NameMap::default()),
        origins: OnceLock::new(),
    }));
    let mut defs: NameMap<Def> = NameMap::default();
    let mut seen = Vec::new();
    let mut origins = NameMap::default();
    add_units(loader, m, scope, &mut defs, &mut origins, &subs, root, &mut seen, true)?;
    let _ = scope.defs.set(defs);
    let _ = scope.origins.set(origins);
    Ok(scope)
}

#[allow(clippy::too_many_arguments)]
fn add_units(
    loader: &Loader,
    m: &'static LoadedModule,
    scope: Sc,
    defs: &mut NameMap<Def>,
    origins: &mut NameMap<(&'static SourceFile, &'static str)>,
    subs: &Option<(&HashMap<&'static str, Def>, Sc, Env)>,
    root: &mut RootInfo,
    seen: &mut Vec<String>,
    top: bool,
) -> Result<(), String> {
    if seen.contains(&m.module.name) {
        return Ok(());
    }
    seen.push(m.module.name.clone());
    for ext in &m.module.extends {
        if NATIVE_MODULES.contains(&ext.name.as_str()) {
            continue;
        }
        let em = loader.load(&ext.name).map_err(|e| {
            let (l, c) = m.file.line_col(ext.span.start);
            format!("{}:{l}:{c}: {e}", m.file.name)
        })?;
        add_units(loader, em, scope, defs, origins, subs, root, seen, false)?;
    }
    let here = (m.file, m.module.name.as_str());
    for u in &m.module.units {
        match u {
            Unit::Constants(ds) => {
                for d in ds {
                    let n: &'static str = d.name.name.as_str();
                    match subs {
                        Some((map, outer, env)) => {
                            let def = match map.get(n) {
                                Some(def) => def.clone(),
                                None => Def::Sub { expr: leak_name(n, d.name.span), scope: outer, env: env.clone() },
                            };
                            defs.insert(n, def);
                        }
                        None => {
                            let cell = Arc::new(RwLock::new(None));
                            root.constants.push((n, cell.clone(), d.arity));
                            defs.insert(n, Def::Const(cell, n));
                        }
                    }
                }
            }
            Unit::Variables(vs) => {
                for v in vs {
                    let n: &'static str = v.name.as_str();
                    match subs {
                        Some((map, outer, env)) => {
                            let def = match map.get(n) {
                                Some(def) => def.clone(),
                                None => Def::Sub { expr: leak_name(n, v.span), scope: outer, env: env.clone() },
                            };
                            defs.insert(n, def);
                        }
                        None => {
                            if !root.variables.contains(&n) {
                                root.variables.push(n);
                            }
                            let idx = root.variables.iter().position(|x| *x == n).unwrap();
                            defs.insert(n, Def::Var(idx));
                        }
                    }
                }
            }
            Unit::OpDef(d) => {
                defs.insert(d.name.name.as_str(), Def::Op(d, scope));
                if !top {
                    origins.insert(d.name.name.as_str(), here);
                }
            }
            Unit::FnDef(d) => {
                defs.insert(d.name.name.as_str(), Def::Fn(d, scope));
                if !top {
                    origins.insert(d.name.name.as_str(), here);
                }
            }
            Unit::ModuleDef { name, params, instance, .. } => {
                defs.insert(
                    name.name.as_str(),
                    Def::Inst { params, inst: instance, scope, cache: Arc::new(Mutex::new(HashMap::new())) },
                );
            }
            Unit::Instance(inst) => {
                if NATIVE_MODULES.contains(&inst.module.name.as_str()) {
                    continue;
                }
                let child = instantiate(loader, inst, scope, defs_snapshot(defs), Env::default(), root, m.file)?;
                let child_module = loader.load(&inst.module.name)?;
                let locals = local_names(loader, child_module);
                for (k, v) in child.defs.get().unwrap().iter() {
                    if !locals.contains(k) && !matches!(v, Def::Sub { .. }) {
                        defs.insert(k, v.clone());
                    }
                }
            }
            Unit::Assume { body, .. } => {
                if subs.is_none() {
                    root.assumes.push((body, scope));
                }
            }
            Unit::Theorem { name: Some(n), body, .. } => {
                // A named theorem can be referred to (`Thm!:`); keep it as a definition.
                let d: &'static OpDef = Box::leak(Box::new(OpDef {
                    local: false,
                    shape: DefShape::Normal,
                    name: n.clone(),
                    params: vec![],
                    body: body.clone(),
                    span: body.span,
                }));
                defs.insert(d.name.name.as_str(), Def::Op(d, scope));
            }
            _ => {}
        }
    }
    Ok(())
}

fn defs_snapshot(defs: &NameMap<Def>) -> NameMap<Def> {
    defs.clone()
}

fn local_names(_loader: &Loader, m: &'static LoadedModule) -> Vec<&'static str> {
    let mut out = Vec::new();
    for u in &m.module.units {
        match u {
            Unit::OpDef(d) if d.local => out.push(d.name.name.as_str()),
            Unit::FnDef(d) if d.local => out.push(d.name.name.as_str()),
            Unit::ModuleDef { local: true, name, .. } => out.push(name.name.as_str()),
            _ => {}
        }
    }
    out
}

pub fn leak_name(n: &str, span: Span) -> E {
    Box::leak(Box::new(Expr::new(ExprKind::Name(n.to_string()), span)))
}

/// The scope of `INSTANCE M WITH a <- e, ...` seen from `outer` (its `env` binds instance parameters).
pub fn instantiate(
    loader: &Loader,
    inst: &'static Instance,
    outer: Sc,
    outer_defs: NameMap<Def>,
    env: Env,
    root: &mut RootInfo,
    file: &'static SourceFile,
) -> Result<Sc, String> {
    let _ = outer_defs;
    let m = loader.load(&inst.module.name).map_err(|e| {
        let (l, c) = file.line_col(inst.module.span.start);
        format!("{}:{l}:{c}: {e}", file.name)
    })?;
    let mut map = HashMap::new();
    for (id, e) in &inst.subs {
        map.insert(id.name.as_str(), Def::Sub { expr: e, scope: outer, env: env.clone() });
    }
    build_scope(loader, m, Some((&map, outer, env)), root)
}
