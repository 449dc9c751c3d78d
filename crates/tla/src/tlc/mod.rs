//! A TLC-compatible evaluator: values with TLC's normalisation (`value`), module loading and scopes
//! (`scope`), expression evaluation with TLC's built-in standard modules (`eval`), and the
//! enumeration of initial states and successor states exactly as TLC splits actions (`enumerate`).
//! The model checker (crates/check) drives these; nothing here does I/O except reading modules.

pub mod enumerate;
pub mod eval;
pub mod scope;
pub mod value;

use std::sync::Arc;
use value::Value;

/// Bound names (quantifier variables, operator parameters, LET definitions): a persistent list.
#[derive(Clone, Default)]
pub struct Env(Option<Arc<EnvNode>>);

pub struct EnvNode {
    pub name: &'static str,
    pub val: Value,
    pub next: Env,
}

impl Env {
    pub fn bind(&self, name: &'static str, val: Value) -> Env {
        Env(Some(Arc::new(EnvNode { name, val, next: self.clone() })))
    }
    /// Binds `name` to `val` on top of `parent`, reusing this environment's node when it is the
    /// previous binding of the same loop (same name, same parent) and nothing else holds it (no
    /// closure captured it): a quantifier over n elements then allocates one node, not n.
    #[inline]
    pub fn rebind(slot: &mut Option<Env>, parent: &Env, name: &'static str, val: Value) {
        if let Some(Env(Some(a))) = slot {
            if let Some(n) = Arc::get_mut(a) {
                n.val = val;
                return;
            }
        }
        *slot = Some(parent.bind(name, val));
    }
    pub fn get(&self, name: &str) -> Option<&Value> {
        let mut cur = &self.0;
        while let Some(n) = cur {
            if same_name(n.name, name) {
                return Some(&n.val);
            }
            cur = &n.next.0;
        }
        None
    }
}

/// Name equality without a `memcmp` call (names are short): same length, then bytes.
#[inline(always)]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && (a.as_ptr() == b.as_ptr() || a.bytes().zip(b.bytes()).all(|(x, y)| x == y))
}

/// An operator as a value: a LAMBDA, a LET definition, a user operator passed as an argument, or
/// a built-in operator symbol.
#[derive(Debug)]
pub struct Closure {
    pub name: Option<&'static str>,
    pub params: Vec<&'static str>,
    pub body: ClosureBody,
    pub scope: scope::Sc,
    pub env: Env,
    /// Values of a recursive function definition already computed in this evaluation.
    pub memo: std::sync::Mutex<std::collections::HashMap<value::Value, value::Value>>,
}

#[derive(Debug)]
pub enum ClosureBody {
    Expr(scope::E),
    /// LET f[x \in S] == e
    FnDef(&'static crate::ast::FnDef),
    Builtin(&'static str),
}

impl std::fmt::Debug for Env {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Env")
    }
}
impl std::fmt::Debug for scope::Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Scope({})", self.module_name)
    }
}

impl value::OpValue for Closure {
    fn arity(&self) -> usize {
        match self.body {
            ClosureBody::Builtin(_) => 2,
            _ => self.params.len(),
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
