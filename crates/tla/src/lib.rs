//! TLA+ front-end: lexer, parser (with column-sensitive junction lists), AST with byte-offset spans,
//! a printer whose output re-parses to the same AST, and name resolution kept separate from parsing
//! so a model checker and code generators can reuse the same tree.

pub mod ast;
pub mod error;
pub mod eval;
pub mod lexer;
pub mod parser;
pub mod printer;
pub mod resolve;
pub mod tlc;

pub use ast::*;
pub use error::{Diagnostic, SourceFile};
pub use parser::{parse_expr_str, parse_module, run_with_deep_stack, Parser, MAX_NESTING, MAX_TREE_DEPTH};
pub use printer::{print_expr, print_module};
