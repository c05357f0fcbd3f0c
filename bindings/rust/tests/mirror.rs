//! Issue 9, "Prove it": a host copy of the text and spans, kept up to date from listener events
//! alone ([`EventKind::Text`], and [`EventKind::Formatting`] read again with [`Draft::spans`]),
//! equals [`Draft::document`] after every step of 1,000 seeded random editing sessions of 20 steps.
//!
//! The host's rule (the engine's own EventMirrorTests do the same):
//! - Text `{start, end, text}`: replace `[start, end)` of the text with `text`; every span end
//!   point `p` maps to `p` when `p <= start`, to `p + delta` when `p >= end`, else to `start`
//!   (`delta = len(text) - (end - start)`); a span that was non-empty and became empty is dropped;
//!   then canonicalize.
//! - Formatting `{start, end}`: drop every empty span at `p` with `start <= p <= end`, cut every
//!   non-empty span to its parts outside `[start, end)`, add `spans(start, end)`; canonicalize.
//! - Canonical: touching or overlapping spans of one format and value merge (mentions never do:
//!   each is its own instance), sorted by start, end, format name, then value.
//!
//! The listener queues events (it must be `Send + 'static`); the host applies them after each call,
//! before the next one, so [`Draft::spans`] reads the draft as the reporting call left it. A
//! failure names the seed, the step, the operation, the events and both states, and lists the
//! session's calls. Replay one session: `MC_MIRROR_SEED=<seed> cargo test --test mirror --
//! --nocapture`.

mod common;

use common::Recorder;
use message_composer::{CaretUnit, Document, Draft, Event, EventData, Format};

const SESSIONS: u64 = 1000;
const STEPS: usize = 20;

// ---- The host's copy ----

/// A span; the derived order is the canonical one (start, end, format name, then value).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Span {
    start: usize,
    end: usize,
    format: String,
    /// The url, the colour, or the mention's uid.
    value: String,
    /// The mention's name.
    name: String,
}

/// The mirror's form of a typed span of the library.
fn span_of(span: &message_composer::Span) -> Span {
    let value = [&span.url, &span.color, &span.uid]
        .into_iter()
        .find_map(|v| v.clone())
        .unwrap_or_default();
    Span {
        start: span.start,
        end: span.end,
        format: span.format.clone(),
        value,
        name: span.name.clone().unwrap_or_default(),
    }
}

fn canonical(mut spans: Vec<Span>) -> Vec<Span> {
    let mut merged = true;
    spans.sort();
    while merged {
        merged = false;
        let mut out: Vec<Span> = Vec::with_capacity(spans.len());
        for s in spans {
            let same = |o: &Span| {
                o.format == s.format
                    && o.value == s.value
                    && o.name == s.name
                    && o.end >= s.start
                    && o.start <= s.end
            };
            if s.format != "mention" {
                if let Some(o) = out.iter_mut().rev().find(|o| same(o)) {
                    o.start = o.start.min(s.start);
                    o.end = o.end.max(s.end);
                    merged = true;
                    continue;
                }
            }
            out.push(s);
        }
        out.sort();
        spans = out;
    }
    spans
}

#[derive(Debug, Default)]
struct Mirror {
    text: Vec<char>,
    spans: Vec<Span>,
}

impl Mirror {
    fn of(document: &Document) -> Mirror {
        Mirror {
            text: document.text.chars().collect(),
            spans: canonical(document.spans.iter().map(span_of).collect()),
        }
    }

    fn replace(&mut self, start: usize, end: usize, inserted: &str) {
        let inserted: Vec<char> = inserted.chars().collect();
        let delta = inserted.len() as i64 - (end - start) as i64;
        self.text.splice(start..end, inserted);
        let map = |p: usize| {
            if p <= start {
                p
            } else if p >= end {
                (p as i64 + delta) as usize
            } else {
                start
            }
        };
        let spans = std::mem::take(&mut self.spans)
            .into_iter()
            .filter_map(|s| {
                let (a, b) = (map(s.start), map(s.end));
                (a != b || s.start == s.end).then_some(Span {
                    start: a,
                    end: b,
                    ..s
                })
            })
            .collect();
        self.spans = canonical(spans);
    }

    fn refresh(&mut self, start: usize, end: usize, fresh: Vec<Span>) {
        let mut kept = Vec::new();
        for s in std::mem::take(&mut self.spans) {
            if s.start == s.end {
                if s.start < start || s.start > end {
                    kept.push(s);
                }
                continue;
            }
            if s.start < start {
                kept.push(Span {
                    end: s.end.min(start),
                    ..s.clone()
                });
            }
            if s.end > end {
                kept.push(Span {
                    start: s.start.max(end),
                    ..s
                });
            }
        }
        kept.extend(fresh);
        self.spans = canonical(kept);
    }

    /// Applies one event; `draft` is as the call that reported it left it.
    fn apply(&mut self, draft: &Draft, event: &Event) -> Result<(), String> {
        match event.data().map_err(|e| format!("{e}"))? {
            EventData::Text {
                start,
                end,
                text,
                length,
            } => {
                if end < start || end > self.text.len() {
                    return Err(format!("range [{start}, {end}) outside the mirror's text"));
                }
                self.replace(start, end, &text);
                if length != self.text.len() {
                    return Err("the length is not the new length".into());
                }
            }
            EventData::Formatting { start, end } => {
                let fresh = draft.spans(start, end).map_err(|e| format!("{e}"))?;
                self.refresh(start, end, fresh.iter().map(span_of).collect());
            }
            _ => {}
        }
        Ok(())
    }

    fn describe(&self) -> String {
        let text: String = self.text.iter().collect();
        format!("text {text:?} spans {:?}", self.spans)
    }
}

// ---- Random sessions ----

/// splitmix64
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Single keys, multi-scalar graphemes (a combining accent, a ZWJ family, a flag), line breaks,
/// line-start shortcuts, a mention query, a command query.
const TYPED: &[&str] = &[
    "a",
    "b",
    "Z",
    " ",
    "é",
    "e\u{301}",
    "👨\u{200D}👩\u{200D}👧",
    "🇫🇷",
    "中",
    "\n",
    "\n",
    "@",
    "@bo",
    "- ",
    "> ",
    "1. ",
    "```",
    "hello world",
    "x\ny",
    "/",
    "*",
    "_",
];
const URLS: &[&str] = &[
    "https://a.example",
    "https://b.example/p?q=1",
    "a.example",
    "mailto:x@a.example",
];
const COLORS: &[&str] = &["#f00", "#00f", "#abcdef"];
const MENTIONS: &[(&str, &str)] = &[("u1", "Ann"), ("u2", "Bob"), ("u3", "Zoë")];
const DOCUMENTS: &[&str] = &[
    r#"{"text":"","spans":[]}"#,
    r#"{"text":"","spans":[{"start":0,"end":0,"format":"quote"}]}"#,
    r#"{"text":"Hi @Ann, see the docs\n\nitem one\nitem two","spans":[{"start":0,"end":2,"format":"bold"},{"start":3,"end":7,"format":"mention","uid":"u1","name":"Ann"},{"start":17,"end":21,"format":"link","url":"https://a.example"},{"start":22,"end":22,"format":"quote"},{"start":23,"end":40,"format":"bullet_list"}]}"#,
    r##"{"text":"red and blue\ncode()\n\n","spans":[{"start":0,"end":3,"format":"color","color":"#f00"},{"start":0,"end":12,"format":"italic"},{"start":8,"end":12,"format":"color","color":"#00f"},{"start":13,"end":19,"format":"code_block"},{"start":20,"end":20,"format":"ordered_list"},{"start":21,"end":21,"format":"ordered_list"}]}"##,
    "{\"text\":\"@Ann@Bob é\u{301} 👨\u{200D}👩\u{200D}👧\",\"spans\":[{\"start\":0,\"end\":4,\"format\":\"mention\",\"uid\":\"u1\",\"name\":\"Ann\"},{\"start\":4,\"end\":8,\"format\":\"mention\",\"uid\":\"u2\",\"name\":\"Bob\"},{\"start\":0,\"end\":8,\"format\":\"underline\"},{\"start\":9,\"end\":16,\"format\":\"strike\"}]}",
];
const MARKDOWN: &[(&str, &[(&str, &str)])] = &[
    (
        "**bold** _it_ <@uid:u1> [x](https://a.example)\n> quote\n- item\n\n1. one",
        &[("u1", "Ann")],
    ),
    ("```\ncode\n```\nafter `tick` ~~gone~~", &[]),
    ("", &[]),
    ("plain <@uid:u2><@uid:u3>", &[("u2", "Bob")]),
];

struct Session {
    seed: u64,
    rng: Rng,
    draft: Draft,
    heard: Recorder,
    mirror: Mirror,
    clock: i64,
    snapshot: Option<String>,
    /// Every call of the session so far.
    log: Vec<String>,
    /// The calls and events of the current step.
    step: Vec<String>,
    events: Vec<String>,
    problem: Option<String>,
}

impl Session {
    fn range(&mut self) -> (usize, usize) {
        let (a, b) = if self.rng.below(10) < 4 {
            self.draft.selection()
        } else {
            let n = self.draft.len() + 1;
            (self.rng.below(n), self.rng.below(n))
        };
        (a.min(b), a.max(b))
    }

    fn offset(&mut self) -> usize {
        let n = self.draft.len() + 1;
        self.rng.below(n)
    }

    /// Records a call, then applies the events it raised (before any other call).
    fn record(&mut self, description: String, result: message_composer::Result<()>) {
        let line = match result {
            Ok(()) => description,
            Err(e) => format!("{description} -> {:?}", e.kind()),
        };
        self.log.push(line.clone());
        self.step.push(line);
        for event in self.heard.take() {
            let (kind, payload) = (event.kind, &event.payload);
            self.events.push(format!("{kind:?} {payload}"));
            if self.problem.is_none() {
                if let Err(e) = self.mirror.apply(&self.draft, &event) {
                    self.problem = Some(format!("applying {kind:?} {payload} failed: {e}"));
                }
            }
        }
    }

    fn operation(&mut self) {
        let choice = self.rng.below(100);
        let d = &mut self.draft;
        let (description, result): (String, message_composer::Result<()>) = match choice {
            0..=21 => {
                let text = self.rng.pick(TYPED);
                (format!("insert({text:?})"), d.insert(text))
            }
            22..=26 => {
                let (start, end) = self.range();
                let text = self.rng.pick(TYPED);
                let r = self.draft.replace(start, end, text);
                (format!("replace({start}, {end}, {text:?})"), r)
            }
            27..=33 => ("delete_backward()".into(), d.delete_backward()),
            34..=37 => ("delete_forward()".into(), d.delete_forward()),
            38..=39 => ("enter()".into(), d.enter()),
            40..=44 => {
                let (anchor, focus) = (self.offset(), self.offset());
                let r = self.draft.set_selection(anchor, focus);
                (format!("set_selection({anchor}, {focus})"), r)
            }
            45..=46 => {
                let unit = self.rng.pick(&CaretUnit::ALL);
                let count = self.rng.pick(&[-2i64, -1, 1, 2]);
                let extend = self.rng.below(2) == 1;
                let r = d.move_caret(unit, count, extend);
                (format!("move_caret({unit:?}, {count}, {extend})"), r)
            }
            47 => ("select_all()".into(), d.select_all()),
            48..=60 => {
                let (start, end) = self.range();
                let format = self.rng.pick(&Format::ALL);
                let value = match format {
                    Format::Link => Some(self.rng.pick(URLS)),
                    Format::Color => Some(self.rng.pick(COLORS)),
                    _ => None,
                };
                let protect = self.rng.below(10) < 7;
                let d = &mut self.draft;
                match self.rng.below(3) {
                    0 => (
                        format!("apply_format({start}, {end}, {format:?}, {value:?}, {protect})"),
                        d.apply_format_with(start, end, format, value, protect),
                    ),
                    1 => (
                        format!("toggle_format({start}, {end}, {format:?}, {value:?}, {protect})"),
                        d.toggle_format_with(start, end, format, value, protect),
                    ),
                    _ => (
                        format!("remove_format({start}, {end}, {format:?}, {protect})"),
                        d.remove_format_with(start, end, format, protect),
                    ),
                }
            }
            61..=63 => {
                let text = self.rng.pick(&["link", "é x", "🚀"]);
                let url = self.rng.pick(URLS);
                let r = self.draft.insert_link(text, url);
                (format!("insert_link({text:?}, {url:?})"), r)
            }
            64..=65 => {
                let url = self.rng.pick(URLS);
                (format!("set_link({url:?})"), self.draft.set_link(url))
            }
            66 => ("remove_link()".into(), d.remove_link()),
            67..=70 => {
                let (uid, name) = self.rng.pick(MENTIONS);
                let r = self.draft.insert_mention(uid, name);
                (format!("insert_mention({uid:?}, {name:?})"), r)
            }
            71..=76 => ("undo()".into(), d.undo()),
            77..=79 => ("redo()".into(), d.redo()),
            80..=81 => {
                let i = self.rng.below(DOCUMENTS.len());
                let r = self.draft.load_document(DOCUMENTS[i]);
                (format!("load_document(DOCUMENTS[{i}])"), r)
            }
            82..=83 => {
                let i = self.rng.below(MARKDOWN.len());
                let r = self.draft.load_markdown(MARKDOWN[i].0, MARKDOWN[i].1);
                (format!("load_markdown({:?})", MARKDOWN[i].0), r)
            }
            84 => ("normalize_markdown()".into(), d.normalize_markdown()),
            85 => ("clear()".into(), d.clear()),
            86..=88 => {
                self.clock += self.rng.below(3001) as i64;
                let now = self.clock;
                (format!("send({now})"), self.draft.send(now).map(drop))
            }
            89 => {
                self.clock += self.rng.below(3001) as i64;
                let now = self.clock;
                (format!("tick({now})"), self.draft.tick(now))
            }
            90..=91 => {
                let i = self.rng.below(MARKDOWN.len());
                let r = self
                    .draft
                    .begin_edit("m-1", MARKDOWN[i].0, MARKDOWN[i].1, false);
                (format!("begin_edit(\"m-1\", {:?})", MARKDOWN[i].0), r)
            }
            92..=93 => ("cancel_mode()".into(), d.cancel_mode()),
            94 => (
                "set_command(\"giphy\", \"cats\")".into(),
                d.set_command("giphy", Some("cats")),
            ),
            95 => ("clear_command()".into(), d.clear_command()),
            _ => match self.snapshot.clone() {
                Some(snapshot) if choice >= 98 => {
                    ("restore(<snapshot>)".into(), self.draft.restore(&snapshot))
                }
                _ => {
                    let r = self.draft.snapshot().map(|s| self.snapshot = Some(s));
                    ("snapshot()".into(), r)
                }
            },
        };
        self.record(description, result);
    }

    /// One step: a call, or a batch (sometimes nested) of 2-4 calls.
    fn step(&mut self) {
        self.step.clear();
        self.events.clear();
        if self.rng.below(100) < 12 {
            let r = self.draft.begin_batch();
            self.record("begin_batch()".into(), r);
            let calls = 2 + self.rng.below(3);
            for i in 0..calls {
                if i == 1 && self.rng.below(10) < 3 {
                    let r = self.draft.begin_batch();
                    self.record("begin_batch()".into(), r);
                    self.operation();
                    let r = self.draft.commit_batch();
                    self.record("commit_batch()".into(), r);
                    continue;
                }
                self.operation();
            }
            let r = self.draft.commit_batch();
            self.record("commit_batch()".into(), r);
        } else {
            self.operation();
        }
    }
}

fn run_session(seed: u64, verbose: bool) {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1));
    let mut draft = Draft::new(Some(r#"{"mention_limit":1000}"#)).expect("a draft");
    if rng.below(2) == 1 {
        let i = rng.below(DOCUMENTS.len());
        draft.load_document(DOCUMENTS[i]).expect("a document");
    }
    let mirror = Mirror::of(&draft.document().unwrap());
    let heard = Recorder::on(&mut draft);
    let mut session = Session {
        seed,
        rng,
        draft,
        heard,
        mirror,
        clock: 0,
        snapshot: None,
        log: Vec::new(),
        step: Vec::new(),
        events: Vec::new(),
        problem: None,
    };
    for step in 0..STEPS {
        session.step();
        let document = session.draft.document().unwrap();
        let expected = Mirror::of(&document);
        if verbose {
            println!(
                "step {step}: {}\n  events {:?}\n  document {}",
                session.step.join("; "),
                session.events,
                document.to_json()
            );
        }
        let problem = session.problem.clone().or_else(|| {
            (session.mirror.text != expected.text || session.mirror.spans != expected.spans)
                .then(|| "mirror differs".to_string())
        });
        if let Some(problem) = problem {
            panic!(
                "{problem}: seed {}, step {step}, operation {}\n  events:   {:?}\n  mirror:   {}\n  document: {}\n  session so far: {}",
                session.seed,
                session.step.join("; "),
                session.events,
                session.mirror.describe(),
                expected.describe(),
                session.log.join("; ")
            );
        }
    }
}

#[test]
fn a_mirror_kept_from_events_equals_the_document() {
    if let Some(seed) = std::env::var("MC_MIRROR_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        run_session(seed, true);
        return;
    }
    for seed in 0..SESSIONS {
        run_session(seed, false);
    }
}
