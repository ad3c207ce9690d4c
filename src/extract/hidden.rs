//! Inline text a browser never shows.
//!
//! Content sites guard against copying by scattering invisible filler through their paragraphs:
//! random characters or the site's name in `<span style="display:none">`, or in a `<font>` whose
//! class a `<style>` rule hides. Read as text, the filler cuts every sentence and the page matches
//! no clean copy. Ruby annotations (`<rt>` pinyin over characters) likewise sit inside the words.
//! Only inline elements are dropped: a hidden block is more often an article part that a script
//! reveals ("展开全文") than filler, and it cannot cut a sentence.

use super::html;
use super::tags::TagName;

/// Whether an inline element's text is hidden: `<rt>`/`<rp>`, an inline style that hides it, the
/// `hidden` attribute, or a class that one of the page's `<style>` rules hides.
pub(super) fn is_hidden_inline(name: &str, attrs: &str, hidden_classes: &[String]) -> bool {
    let tn = TagName::new(name);
    if tn.is(b"rt") || tn.is(b"rp") {
        return true;
    }
    if attrs.is_empty() {
        return false;
    }
    // One pass over the attributes (most inline elements are links with long hrefs); the first
    // of a repeated attribute counts, as in browsers.
    let (mut style, mut class) = (false, false);
    for (key, value) in html::Attrs::new(attrs) {
        match key.len() {
            5 if !style && key.eq_ignore_ascii_case("style") => {
                style = true;
                if hides(value) {
                    return true;
                }
            }
            5 if !class && key.eq_ignore_ascii_case("class") => {
                class = true;
                if value.split_ascii_whitespace().any(|w| hidden_classes.iter().any(|h| h == w)) {
                    return true;
                }
            }
            6 if key.eq_ignore_ascii_case("hidden") => return true,
            _ => {}
        }
    }
    false
}

/// A tag that ends a ruby annotation left open (`<rt>` need not be closed).
pub(super) fn ends_annotation(hidden: &TagName, name: &str) -> bool {
    if !(hidden.is(b"rt") || hidden.is(b"rp")) {
        return false;
    }
    let tn = TagName::new(name);
    [&b"rt"[..], b"rp", b"rb", b"ruby"].iter().any(|n| tn.is(n))
}

/// Whether CSS declarations hide their element: `display:none`, `visibility:hidden` or a zero
/// font size (spaces and case ignored: CSS may write "display : NONE"). Read in place from each
/// colon, backwards for the property and forwards for the value: style sheets hold tens of
/// kilobytes of inline images and fonts, which have no colon to stop at.
fn hides(decls: &str) -> bool {
    let d = decls.as_bytes();
    memchr::memchr_iter(b':', d).any(|c| {
        let (name, value) = (&d[..c], &d[c + 1..]);
        (ends_squeezed(name, b"display") && starts_squeezed(value, b"none").is_some())
            || (ends_squeezed(name, b"visibility") && starts_squeezed(value, b"hidden").is_some())
            // "font-size:0" and "font-size:0px", not "font-size:0.9em".
            || (ends_squeezed(name, b"font-size")
                && starts_squeezed(value, b"0").is_some_and(|end| {
                    value[end..]
                        .iter()
                        .find(|b| !b.is_ascii_whitespace())
                        .is_none_or(|&b| !(b.is_ascii_digit() || b == b'.'))
                }))
    })
}

/// Where `pat` (lower case, no spaces) ends when `d` starts with it, ASCII case and whitespace
/// before each of its characters ignored.
fn starts_squeezed(d: &[u8], pat: &[u8]) -> Option<usize> {
    let mut j = 0;
    for &p in pat {
        while j < d.len() && d[j].is_ascii_whitespace() {
            j += 1;
        }
        if j == d.len() || d[j].to_ascii_lowercase() != p {
            return None;
        }
        j += 1;
    }
    Some(j)
}

/// Whether `d` ends with `pat` (lower case, no spaces), ASCII case and whitespace after each of
/// its characters ignored.
fn ends_squeezed(d: &[u8], pat: &[u8]) -> bool {
    let mut j = d.len();
    for &p in pat.iter().rev() {
        while j > 0 && d[j - 1].is_ascii_whitespace() {
            j -= 1;
        }
        if j == 0 || d[j - 1].to_ascii_lowercase() != p {
            return false;
        }
        j -= 1;
    }
    true
}

/// Adds to `out` the classes that a style sheet's top-level rules hide outright (`.x`, `font.x`,
/// `.box .x`: the selector's last part, a single class). Rules under an at-rule (`@media` for
/// small screens) or with pseudo-classes (`:hover`) hide only sometimes and are not counted.
pub(super) fn classes_hidden_by(css: &str, out: &mut Vec<String>) {
    let css = strip_comments(css);
    let mut depth = 0u32;
    let mut sel_start = 0;
    // The selector range of a top-level rule being read.
    let mut rule: Option<(usize, usize)> = None;
    // Only three ASCII bytes matter: a style sheet is mostly what lies between them.
    for i in memchr::memchr3_iter(b'{', b'}', b';', css.as_bytes()) {
        match css.as_bytes()[i] {
            b'{' => {
                if depth == 0 && !css[sel_start..i].trim_start().starts_with('@') {
                    rule = Some((sel_start, i));
                }
                depth += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    if let Some((s, e)) = rule.take() {
                        if hides(&css[e + 1..i]) {
                            add_classes(&css[s..e], out);
                        }
                    }
                    sel_start = i + 1;
                }
            }
            b';' if depth == 0 => sel_start = i + 1, // `@import ...;`, `@charset ...;`
            _ => {}
        }
    }
}

fn add_classes(selectors: &str, out: &mut Vec<String>) {
    const MAX_CLASSES: usize = 64;
    for sel in selectors.split(',') {
        let Some(last) =
            sel.trim().split(|c: char| c.is_ascii_whitespace() || c == '>' || c == '+' || c == '~').next_back()
        else {
            continue;
        };
        if last.contains([':', '[', '#']) {
            continue;
        }
        let mut parts = last.split('.');
        let _tag = parts.next();
        if let (Some(class), None) = (parts.next(), parts.next()) {
            if !class.is_empty() && out.len() < MAX_CLASSES && !out.iter().any(|c| c == class) {
                out.push(class.to_string());
            }
        }
    }
}

fn strip_comments(css: &str) -> std::borrow::Cow<'_, str> {
    if !css.contains("/*") {
        return css.into();
    }
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(s) = rest.find("/*") {
        out.push_str(&rest[..s]);
        rest = rest[s + 2..].find("*/").map_or("", |e| &rest[s + 2 + e + 2..]);
    }
    out.push_str(rest);
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(css: &str) -> Vec<String> {
        let mut v = Vec::new();
        classes_hidden_by(css, &mut v);
        v
    }

    /// The declaration test written the plain way: every position tried.
    fn hides_by_scanning(decls: &str) -> bool {
        let d = decls.as_bytes();
        let at = |i: usize, pat: &[u8]| -> Option<usize> {
            if d[i].to_ascii_lowercase() != pat[0] {
                return None;
            }
            starts_squeezed(&d[i + 1..], &pat[1..]).map(|end| i + 1 + end)
        };
        (0..d.len()).any(|i| {
            at(i, b"display:none").is_some()
                || at(i, b"visibility:hidden").is_some()
                || at(i, b"font-size:0").is_some_and(|end| {
                    d[end..]
                        .iter()
                        .find(|b| !b.is_ascii_whitespace())
                        .is_none_or(|&b| !(b.is_ascii_digit() || b == b'.'))
                })
        })
    }

    #[test]
    fn declarations_are_read_from_their_colons_as_from_every_position() {
        let parts = [
            "display",
            "DISPLAY",
            "dis play",
            "visibility",
            "Visi bility",
            "font-size",
            "font -size",
            "font-siz",
            "isplay",
            "xdisplay",
            ":",
            " : ",
            "none",
            "NO ne",
            "hidden",
            "hid",
            "0",
            " 0 ",
            "0px",
            "0.9em",
            "09",
            "0 .5",
            ";",
            " ",
            "color:red",
            "block",
            "url(data:image/png;base64,iVBOR)",
            "\t",
            "\n",
        ];
        let mut rng = crate::testutil::Rng::new(0x05ee_dc55);
        let mut hidden = 0;
        for _ in 0..20_000 {
            let n = 1 + rng.below(7) as usize;
            // Half the pieces a name, a colon and a value, so that many cases come close.
            let decls: String = (0..n)
                .map(|_| {
                    let (a, b) = (rng.below(parts.len() as u64) as usize, rng.below(parts.len() as u64) as usize);
                    match rng.below(6) {
                        0 => format!("{}:{}", parts[a], parts[b]),
                        1 => format!("{} : {}", parts[a], parts[b]),
                        2 => format!("{}: {}", parts[a], parts[b]),
                        _ => parts[a].to_string(),
                    }
                })
                .collect();
            let want = hides_by_scanning(&decls);
            assert_eq!(hides(&decls), want, "{decls:?}");
            hidden += usize::from(want);
        }
        assert!(hidden > 500, "too few cases hide: {hidden}");
    }

    #[test]
    fn classes_hidden_by_top_level_rules_only() {
        let css = "/* .c{display:none} */ .hidden { display : NONE } font.jammer,.x2{visibility:hidden;color:red}\
                   .box .inner{display:none} .a:hover{display:none} .b{display:block}\
                   @media (max-width:600px){.pc{display:none} .pc2{display:none}} .after{font-size:0px}\
                   .big{font-size:0.9em} #id{display:none} .p.q{display:none}";
        assert_eq!(hidden(css), vec!["hidden", "jammer", "x2", "inner", "after"]);
    }

    #[test]
    fn inline_styles_that_hide() {
        assert!(is_hidden_inline("span", " style=\"display: none\"", &[]));
        assert!(is_hidden_inline("i", " style='font-size:0'", &[]));
        assert!(is_hidden_inline("RT", "", &[]));
        assert!(!is_hidden_inline("span", " style=\"font-size:0.8em;color:#999\"", &[]));
        assert!(is_hidden_inline("font", " class=\"a jammer\"", &["jammer".to_string()]));
        assert!(!is_hidden_inline("font", " class=\"jammers\"", &["jammer".to_string()]));
        assert!(is_hidden_inline("b", " title=x HIDDEN", &[]));
        let long_link = " href=\"http://a.cn/x?style=display:none\" target=_blank";
        assert!(!is_hidden_inline("a", long_link, &[]), "attribute values are not attributes");
        // The first of a repeated attribute counts.
        assert!(is_hidden_inline("span", " style=\"display:none\" style=\"color:red\"", &[]));
        assert!(!is_hidden_inline("span", " style=\"color:red\" style=\"display:none\"", &[]));
    }
}
