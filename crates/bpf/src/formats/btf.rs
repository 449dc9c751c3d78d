//! Just enough BTF to read BTF-defined maps (`SEC(".maps")` structs whose members encode
//! `type`, `max_entries`, ... as `int (*name)[N]` and `key`/`value` as pointers to types).

use std::collections::HashMap;

const KIND_INT: u32 = 1;
const KIND_PTR: u32 = 2;
const KIND_ARRAY: u32 = 3;
const KIND_STRUCT: u32 = 4;
const KIND_UNION: u32 = 5;
const KIND_ENUM: u32 = 6;
const KIND_TYPEDEF: u32 = 8;
const KIND_VOLATILE: u32 = 9;
const KIND_CONST: u32 = 10;
const KIND_RESTRICT: u32 = 11;
const KIND_FUNC_PROTO: u32 = 13;
const KIND_VAR: u32 = 14;
const KIND_DATASEC: u32 = 15;
const KIND_DECL_TAG: u32 = 17;
const KIND_TYPE_TAG: u32 = 18;
const KIND_ENUM64: u32 = 19;

#[derive(Clone, Debug)]
struct BtfType {
    name: String,
    kind: u32,
    size_or_type: u32,
    /// ARRAY: (elem type, nelems); STRUCT/DATASEC: members (name, type, offset).
    array: Option<(u32, u32)>,
    members: Vec<(String, u32, u32)>,
}

pub struct Btf {
    types: Vec<BtfType>, // index = type id (0 = void placeholder)
}

/// Map attributes read from one BTF map definition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BtfMap {
    pub name: String,
    pub map_type: u32,
    pub key_size: u32,
    pub value_size: u32,
    pub max_entries: u32,
    pub flags: u32,
    /// Map-in-map: the inner map definition of `__array(values, struct inner)`.
    pub inner: Option<Box<BtfMap>>,
}

fn u32_at(d: &[u8], o: usize) -> Result<u32, String> {
    d.get(o..o + 4).map(|b| u32::from_le_bytes(b.try_into().unwrap())).ok_or_else(|| format!("BTF truncated at {o}"))
}

impl Btf {
    pub fn parse(d: &[u8]) -> Result<Btf, String> {
        if d.len() < 24 || d[0] != 0x9f || d[1] != 0xeb {
            return Err("bad BTF magic".into());
        }
        let hdr_len = u32_at(d, 4)? as usize;
        let (type_off, type_len) = (u32_at(d, 8)? as usize, u32_at(d, 12)? as usize);
        let (str_off, str_len) = (u32_at(d, 16)? as usize, u32_at(d, 20)? as usize);
        let strs = d.get(hdr_len + str_off..hdr_len + str_off + str_len).ok_or("BTF string section out of bounds")?;
        let name = |off: u32| -> String {
            let s = &strs[(off as usize).min(strs.len())..];
            let end = s.iter().position(|&b| b == 0).unwrap_or(s.len());
            String::from_utf8_lossy(&s[..end]).into_owned()
        };
        let mut types = vec![BtfType { name: String::new(), kind: 0, size_or_type: 0, array: None, members: vec![] }];
        let mut o = hdr_len + type_off;
        let end = o + type_len;
        while o < end {
            let (name_off, info, st) = (u32_at(d, o)?, u32_at(d, o + 4)?, u32_at(d, o + 8)?);
            o += 12;
            let kind = (info >> 24) & 0x1f;
            let vlen = info & 0xffff;
            let mut t = BtfType { name: name(name_off), kind, size_or_type: st, array: None, members: vec![] };
            match kind {
                KIND_INT | KIND_VAR | KIND_DECL_TAG => o += 4,
                KIND_ARRAY => {
                    t.array = Some((u32_at(d, o)?, u32_at(d, o + 8)?));
                    o += 12
                }
                KIND_STRUCT | KIND_UNION | KIND_DATASEC => {
                    for k in 0..vlen as usize {
                        let b = o + 12 * k;
                        let (a, ty, off) = (u32_at(d, b)?, u32_at(d, b + 4)?, u32_at(d, b + 8)?);
                        // DATASEC entries are (type, offset, size); struct members (name, type, offset).
                        if kind == KIND_DATASEC {
                            t.members.push((String::new(), a, ty));
                        } else {
                            t.members.push((name(a), ty, off));
                        }
                    }
                    o += 12 * vlen as usize
                }
                KIND_ENUM | KIND_FUNC_PROTO => o += 8 * vlen as usize,
                KIND_ENUM64 => o += 12 * vlen as usize,
                _ => {}
            }
            types.push(t);
        }
        Ok(Btf { types })
    }

    fn get(&self, id: u32) -> Result<&BtfType, String> {
        self.types.get(id as usize).ok_or_else(|| format!("BTF type id {id} out of range"))
    }

    fn skip_mods(&self, mut id: u32) -> Result<u32, String> {
        for _ in 0..32 {
            let t = self.get(id)?;
            if matches!(t.kind, KIND_TYPEDEF | KIND_VOLATILE | KIND_CONST | KIND_RESTRICT | KIND_TYPE_TAG) {
                id = t.size_or_type;
            } else {
                return Ok(id);
            }
        }
        Err("BTF modifier chain too long".into())
    }

    fn size_of(&self, id: u32) -> Result<u32, String> {
        let id = self.skip_mods(id)?;
        let t = self.get(id)?;
        match t.kind {
            KIND_INT | KIND_STRUCT | KIND_UNION | KIND_ENUM | KIND_ENUM64 | KIND_DATASEC => Ok(t.size_or_type),
            KIND_PTR => Ok(8),
            KIND_ARRAY => {
                let (elem, n) = t.array.unwrap();
                Ok(self.size_of(elem)? * n)
            }
            k => Err(format!("cannot size BTF kind {k}")),
        }
    }

    /// `int (*name)[N]` encodes N.
    fn ptr_array_len(&self, id: u32) -> Result<u32, String> {
        let p = self.get(self.skip_mods(id)?)?;
        if p.kind != KIND_PTR {
            return Err("map attribute is not a pointer".into());
        }
        let a = self.get(self.skip_mods(p.size_or_type)?)?;
        a.array.map(|(_, n)| n).ok_or_else(|| "map attribute is not a pointer to an array".into())
    }

    /// Map definitions of the `.maps` DATASEC, with their offsets in the section.
    pub fn maps(&self) -> Result<Vec<(u32, BtfMap)>, String> {
        let sec = self.types.iter().find(|t| t.kind == KIND_DATASEC && t.name == ".maps");
        let Some(sec) = sec else { return Ok(vec![]) };
        let mut out = Vec::new();
        for (_, var_id, offset) in &sec.members {
            let var = self.get(*var_id)?;
            out.push((*offset, self.map_def(&var.name, var.size_or_type, 0)?));
        }
        Ok(out)
    }

    /// One map definition struct (`depth` 1 = an inner map template).
    fn map_def(&self, name: &str, ty: u32, depth: u32) -> Result<BtfMap, String> {
        let st = self.get(self.skip_mods(ty)?)?;
        if st.kind != KIND_STRUCT {
            return Err(format!("map '{name}' is not a struct"));
        }
        let mut m = BtfMap { name: name.to_string(), ..Default::default() };
        {
            for (mname, mty, _) in &st.members {
                match mname.as_str() {
                    "type" => m.map_type = self.ptr_array_len(*mty)?,
                    "max_entries" => m.max_entries = self.ptr_array_len(*mty)?,
                    "map_flags" => m.flags = self.ptr_array_len(*mty)?,
                    "key_size" => m.key_size = self.ptr_array_len(*mty)?,
                    "value_size" => m.value_size = self.ptr_array_len(*mty)?,
                    "key" | "value" => {
                        let p = self.get(self.skip_mods(*mty)?)?;
                        if p.kind != KIND_PTR {
                            return Err(format!("map '{name}' {mname} is not a pointer"));
                        }
                        let sz = self.size_of(p.size_or_type)?;
                        if mname == "key" { m.key_size = sz } else { m.value_size = sz }
                    }
                    // `__array(values, struct inner)`: `struct inner *values[]`, the template
                    // of a map-in-map (libbpf: values are 4-byte map fds).
                    "values" if depth == 0 => {
                        let a = self.get(self.skip_mods(*mty)?)?;
                        let Some((elem, _)) = a.array else { return Err(format!("map '{name}' values is not an array")) };
                        let p = self.get(self.skip_mods(elem)?)?;
                        if p.kind != KIND_PTR {
                            return Err(format!("map '{name}' values is not an array of pointers"));
                        }
                        m.inner = Some(Box::new(self.map_def(&format!("{name}.inner"), p.size_or_type, depth + 1)?));
                        if m.value_size == 0 {
                            m.value_size = 4;
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok(m)
    }
}

/// Name → map, for relocation lookups.
pub fn by_name(maps: &[(u32, BtfMap)]) -> HashMap<String, BtfMap> {
    maps.iter().map(|(_, m)| (m.name.clone(), m.clone())).collect()
}
