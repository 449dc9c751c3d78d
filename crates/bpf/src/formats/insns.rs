//! Raw `.insns` (array of `struct bpf_insn`), K2 `.maps` and `.desc` files.

use super::{parse_int, ParseError};
use crate::isa::{self, Insn};
use crate::program::{Desc, MapDef};

/// Decodes raw bytes; a length that is not a multiple of 8 or an empty file is an error.
pub fn parse_insns(file: &str, bytes: &[u8]) -> Result<Vec<Insn>, ParseError> {
    if bytes.is_empty() {
        return Err(ParseError::byte(file, 0, Some(0), "empty program"));
    }
    isa::decode_all(bytes).map_err(|e| ParseError::byte(file, e.pc * 8, Some(e.pc), e.msg))
}

/// Reads `key = value` pairs between `{` and `}` (the closing brace may be missing).
fn key_values(file: &str, lineno: usize, line: &str) -> Result<Vec<(String, i64, usize)>, ParseError> {
    let open = line.find('{').ok_or_else(|| ParseError::text(file, lineno, 1, "expected '{'"))?;
    let body_end = line.rfind('}').filter(|&c| c > open).unwrap_or(line.len());
    let mut out = Vec::new();
    let mut col = open + 2;
    for part in line[open + 1..body_end].split(',') {
        let here = col + (part.len() - part.trim_start().len());
        col += part.len() + 1;
        if part.trim().is_empty() {
            continue;
        }
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| ParseError::text(file, lineno, here, format!("expected 'key = value', found '{}'", part.trim())))?;
        let v = parse_int(v.trim())
            .ok_or_else(|| ParseError::text(file, lineno, here, format!("bad number '{}'", v.trim())))?;
        out.push((k.trim().to_string(), v, here));
    }
    Ok(out)
}

/// `name { type = T, key_size = K, value_size = V, max_entries = N, fd = I }` per line.
pub fn parse_maps(file: &str, text: &str) -> Result<Vec<MapDef>, ParseError> {
    let mut maps = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let lineno = ln + 1;
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let name = line.split('{').next().unwrap_or("").trim().to_string();
        if name.is_empty() {
            return Err(ParseError::text(file, lineno, 1, "map line must start with a name"));
        }
        let mut m = MapDef { name, map_type: 0, key_size: 0, value_size: 0, max_entries: 0, flags: 0, fd: -1, inner: None };
        let mut seen = 0u8;
        for (k, v, col) in key_values(file, lineno, line)? {
            let as_u32 = || u32::try_from(v).map_err(|_| ParseError::text(file, lineno, col, format!("{k} out of range")));
            match k.as_str() {
                "type" => { m.map_type = as_u32()?; seen |= 1 }
                "key_size" => { m.key_size = as_u32()?; seen |= 2 }
                "value_size" => { m.value_size = as_u32()?; seen |= 4 }
                "max_entries" => { m.max_entries = as_u32()?; seen |= 8 }
                "fd" => { m.fd = v as i32; seen |= 16 }
                "flags" | "map_flags" => m.flags = as_u32()?,
                _ => return Err(ParseError::text(file, lineno, col, format!("unknown map field '{k}'"))),
            }
        }
        if seen != 31 {
            return Err(ParseError::text(file, lineno, 1, "map needs type, key_size, value_size, max_entries and fd"));
        }
        m.check_sizes().map_err(|e| ParseError::text(file, lineno, 1, e))?;
        if maps.iter().any(|o: &MapDef| o.fd == m.fd) {
            return Err(ParseError::text(file, lineno, 1, format!("duplicate map fd {}", m.fd)));
        }
        maps.push(m);
    }
    Ok(maps)
}

/// `{ pgm_input_type = 1|2, }` and `{ max_pkt_sz = N, }` (other K2 keys are accepted and ignored).
pub fn parse_desc(file: &str, text: &str) -> Result<Desc, ParseError> {
    let mut d = Desc::default();
    for (ln, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        for (k, v, col) in key_values(file, ln + 1, line)? {
            match k.as_str() {
                "pgm_input_type" => {
                    // 1: r1 = packet/ctx bytes, 2: xdp_md-like ctx, 3: K2's skb-style input (treated as 1).
                    if !(1..=3).contains(&v) {
                        return Err(ParseError::text(file, ln + 1, col, format!("pgm_input_type must be 1, 2 or 3, got {v}")));
                    }
                    d.pgm_input_type = v as u32
                }
                "max_pkt_sz" => {
                    if !(1..=65535).contains(&v) {
                        return Err(ParseError::text(file, ln + 1, col, format!("max_pkt_sz out of range: {v}")));
                    }
                    d.max_pkt_sz = v as u32
                }
                "skb_max_sz" | "enable_pkt_random_val" => {}
                _ => return Err(ParseError::text(file, ln + 1, col, format!("unknown desc field '{k}'"))),
            }
        }
    }
    Ok(d)
}

/// Renders a `.desc` file.
pub fn write_desc(d: &Desc) -> String {
    format!("{{ pgm_input_type = {}, }}\n{{ max_pkt_sz = {}, }}\n", d.pgm_input_type, d.max_pkt_sz)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_accept_missing_brace_and_reject_junk() {
        let m = parse_maps("m", "a { type = 1, key_size = 16, value_size = 4, max_entries = 1024, fd = 0\n").unwrap();
        assert_eq!(m[0].key_size, 16);
        let e = parse_maps("m", "a { type = 1, key_size = x }").unwrap_err();
        assert_eq!(e.to_string(), "m:1:15: bad number 'x'");
        assert!(parse_maps("m", "a { type = 1 }").is_err());
    }

    #[test]
    fn desc_parses_both_lines() {
        let d = parse_desc("d", "{ pgm_input_type = 2, }\n{ max_pkt_sz = 88, }").unwrap();
        assert_eq!(d, Desc { pgm_input_type: 2, max_pkt_sz: 88 });
        assert!(parse_desc("d", "{ pgm_input_type = 4, }").is_err());
    }

    #[test]
    fn truncated_insns_name_the_offset() {
        let e = parse_insns("p.insns", &[0x95, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3]).unwrap_err();
        assert!(e.to_string().starts_with("p.insns: byte offset 8 (insn 1): truncated"), "{e}");
    }
}
