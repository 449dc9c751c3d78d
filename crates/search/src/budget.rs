//! How long a search may run: wall time, iterations per chain, or both.

use std::fmt;
use std::time::Duration;

/// Stop condition of a search. `iterations` counts per chain, so an
/// iteration-only budget makes a run fully deterministic given its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Budget {
    pub time: Option<Duration>,
    pub iterations: Option<u64>,
}

impl Budget {
    pub fn time(d: Duration) -> Self {
        Budget { time: Some(d), iterations: None }
    }
    pub fn iterations(n: u64) -> Self {
        Budget { time: None, iterations: Some(n) }
    }
    /// Parses `5s`, `250ms`, `10m`, `2h`, `1.5s`, or `100000it` (iterations per chain).
    pub fn parse(text: &str) -> Result<Self, BudgetError> {
        let t = text.trim();
        if let Some(n) = t.strip_suffix("it") {
            let n: u64 = n.trim().parse().map_err(|_| BudgetError(text.to_string()))?;
            return Ok(Budget::iterations(n));
        }
        Ok(Budget::time(parse_duration(t).ok_or_else(|| BudgetError(text.to_string()))?))
    }
    /// True when neither limit is set (the search would never stop by itself).
    pub fn is_unbounded(&self) -> bool {
        self.time.is_none() && self.iterations.is_none()
    }
}

/// Parses `250ms`, `5s`, `10m`, `2h` (a fractional number is accepted; a bare number means seconds).
pub fn parse_duration(t: &str) -> Option<Duration> {
    let t = t.trim();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (t, 1.0)
    };
    let v: f64 = num.trim().parse().ok()?;
    if !v.is_finite() || v < 0.0 {
        return None;
    }
    Some(Duration::from_secs_f64(v * scale))
}

/// A budget string that is not `<number>(ms|s|m|h|it)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetError(pub String);

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad budget `{}` (expected e.g. 5s, 250ms, 10m, 2h or 100000it)", self.0)
    }
}
impl std::error::Error for BudgetError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_units() {
        assert_eq!(Budget::parse("5s").unwrap().time, Some(Duration::from_secs(5)));
        assert_eq!(Budget::parse("10m").unwrap().time, Some(Duration::from_secs(600)));
        assert_eq!(Budget::parse("2h").unwrap().time, Some(Duration::from_secs(7200)));
        assert_eq!(Budget::parse("250ms").unwrap().time, Some(Duration::from_millis(250)));
        assert_eq!(Budget::parse("1.5s").unwrap().time, Some(Duration::from_millis(1500)));
        assert_eq!(Budget::parse("7").unwrap().time, Some(Duration::from_secs(7)));
        assert_eq!(Budget::parse("1000it").unwrap(), Budget::iterations(1000));
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "s", "5x", "-3s", "abc", "10 minutes", "nanit"] {
            assert!(Budget::parse(bad).is_err(), "{bad}");
        }
    }
}
