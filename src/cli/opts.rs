//! A small command-line option parser: positional arguments, `--flag VALUE` /
//! `--flag=VALUE` options and `--switch`es, with usage errors that name the problem.
//!
//! This module must not know what the options mean.

use super::{usage, CliError};

/// Parsed options of one command.
pub struct Opts {
    pub positional: Vec<String>,
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
    usage: &'static str,
}

impl Opts {
    /// Parse `args`: `valued` options take a value, `switches` do not; `-h`/`--help` is
    /// always accepted as a switch named `--help`.
    pub fn parse(
        args: &[String],
        valued: &[&'static str],
        switches: &[&'static str],
        usage_text: &'static str,
    ) -> Result<Opts, CliError> {
        let mut o = Opts { positional: Vec::new(), values: Vec::new(), switches: Vec::new(), usage: usage_text };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a == "-h" || a == "--help" {
                o.switches.push("--help");
                continue;
            }
            if !a.starts_with("--") || a == "--" {
                o.positional.push(a.clone());
                continue;
            }
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (a.as_str(), None),
            };
            if let Some(flag) = valued.iter().find(|f| **f == name) {
                let v = match inline {
                    Some(v) => v,
                    None => {
                        it.next().cloned().ok_or_else(|| usage(format!("option `{flag}` needs a value"), usage_text))?
                    }
                };
                o.values.push((flag, v));
            } else if let Some(flag) = switches.iter().find(|f| **f == name) {
                if inline.is_some() {
                    return Err(usage(format!("option `{flag}` takes no value"), usage_text));
                }
                o.switches.push(flag);
            } else {
                return Err(usage(format!("unknown option `{name}`"), usage_text));
            }
        }
        Ok(o)
    }

    /// The value of an option given at most once.
    pub fn one(&self, name: &str) -> Result<Option<&str>, CliError> {
        let mut vs = self.all(name);
        if vs.len() > 1 {
            return Err(usage(format!("option `{name}` is given {} times; give it once", vs.len()), self.usage));
        }
        Ok(vs.pop())
    }

    /// Every value of a repeatable option, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.values.iter().filter(|(n, _)| *n == name).map(|(_, v)| v.as_str()).collect()
    }

    pub fn has(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// The single positional argument (the module path).
    pub fn module(&self) -> Result<&str, CliError> {
        match self.positional.as_slice() {
            [m] => Ok(m),
            [] => Err(usage("no MODULE given", self.usage)),
            [_, extra, ..] => Err(usage(format!("unexpected argument `{extra}`"), self.usage)),
        }
    }

    pub fn usage_error(&self, message: impl Into<String>) -> CliError {
        usage(message, self.usage)
    }

    /// A number option.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, CliError> {
        match self.one(name)? {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| self.usage_error(format!("option `{name}` expects a number, got `{v}`"))),
        }
    }

    /// A size list option: 1 to 3 numbers separated by `,` (or `x`).
    pub fn sizes(&self, name: &str) -> Result<Option<Vec<u64>>, CliError> {
        let Some(v) = self.one(name)? else { return Ok(None) };
        let parts: Vec<&str> = v.split([',', 'x']).map(str::trim).collect();
        if parts.is_empty() || parts.len() > 3 {
            return Err(self.usage_error(format!("option `{name}` expects 1 to 3 numbers like 64 or 16,16, got `{v}`")));
        }
        parts
            .iter()
            .map(|p| {
                p.parse::<u64>().map_err(|_| {
                    self.usage_error(format!("option `{name}` expects numbers like 64 or 16,16, got `{v}`"))
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}
