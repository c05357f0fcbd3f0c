#!/usr/bin/env python3
"""A seeded, realistic chat corpus for the wire-format bench (tools/wire_bench.c, `make bench`).

    python3 tools/chat_corpus.py OUT_DIR [--messages 20000] [--seed 1]

Writes OUT_DIR/corpus.md (the messages, each followed by one NUL byte: markdown never holds one),
OUT_DIR/large.md (one message of about 1 MB of formatted prose) and OUT_DIR/corpus-ru.md (the same
mix written in Russian: Cyrillic words, two bytes a letter, with the links, mentions, code and tags
as they are). The same seed always gives the same bytes, so runs on different machines or branches
measure the same input.

The mix is what a chat backend receives: mostly one or two sentences of prose, a third of them
with emphasis, links, mentions or inline code; some lists, quotes, code blocks and multi-paragraph
messages; a few long ones (a pasted log, a long write-up). Written as people and clients write
markdown (`**b**`, `__b__`, `*i*`, `_i_`, `~~s~~`, `- ` and `* ` items), plus the wire format's
own tags (`<u>`, `<color=#rrggbb>`, `<@uid:UID>`), a little non-ASCII text and emoji.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

WORDS = (
    "the a to and of in is it you that for on was with he as I his they be at one have this from or had "
    "by word but what some we can out other were all there when up use your how said an each she which do "
    "their time if will way about many then them write would like so these her long make thing see him two "
    "has look more day could go come did number sound no most people my over know water than call first who "
    "may down side been now find deploy build release server client message thread review merge branch "
    "test flaky latency cache config staging prod ticket meeting tomorrow today lunch coffee weekend fixed "
    "broken works thanks sorry sure maybe agreed ship"
).split()
# The Russian corpus's words: the commonest of the language (the chat words as they are written
# in Russian chats, transliterated English and all).
RU_WORDS = (
    "и в не на я что тот быть с а весь это как она по но они к у ты из мы за вы так же от сказать этот "
    "который мочь человек о один еще бы такой только себя свой какой когда уже для вот кто да говорить год "
    "знать мой до или если время рука нет самый ни стать большой даже другой наш ну под где дело есть сам "
    "раз чтобы два там чем глаз жизнь первый день тут ничто потом очень хотеть ли при голова надо без "
    "видеть идти теперь тоже стоять друг дом сейчас можно после слово здесь думать место спросить через "
    "лицо тогда ведь хороший каждый новый жить смотреть почему сторона просто сидеть понять иметь делать "
    "вдруг взять сделать перед нужный работа три ваш земля конец час голос город последний пока хорошо "
    "давать вода всегда второй стол сила мир совсем вид выйти работать любить старый почти вопрос снова "
    "ответить деплой билд релиз сервер клиент сообщение тред ревью мерж ветка тест кэш конфиг прод тикет "
    "встреча завтра сегодня обед кофе выходные починил сломано работает спасибо извини конечно согласен"
).split()
NON_ASCII = ["café", "naïve", "über", "señor", "中文", "日本語", "Привет", "שלום", "😀", "👍", "🎉", "🙏🏽", "—", "…", "’s"]
HOSTS = ["example.com", "github.com", "docs.rs", "en.wikipedia.org", "news.ycombinator.com", "internal.corp"]
NAMES = [f"u{i}" for i in range(1, 60)] + ["alice", "bob.smith", "carol-x", "dave_2"]
LANGS = ["", "python", "js", "sh", "swift", "sql"]
CODE_LINES = [
    "def main():", "    return 0", "for i in range(10):", "    print(i)", "let x = items.map { $0 * 2 }",
    "SELECT * FROM users WHERE id = 42;", "if (err) { return cb(err); }", "git rebase -i HEAD~3",
    "curl -s https://example.com/api | jq .", "    x += 1  # counts", "}", "const y = a && b || c;",
]


class Gen:
    def __init__(self, seed: int, words: tuple[str, ...] | list[str] = WORDS) -> None:
        self.r = random.Random(seed)
        self.words = words

    def word(self) -> str:
        r = self.r
        if r.random() < 0.03:
            return r.choice(NON_ASCII)
        return r.choice(self.words)

    def url(self) -> str:
        r = self.r
        path = "/".join(r.choice(WORDS) for _ in range(r.randint(0, 3)))
        query = f"?id={r.randint(1, 99999)}" if r.random() < 0.3 else ""
        return f"https://{r.choice(HOSTS)}/{path}{query}"

    def inline(self, words: list[str]) -> str:
        """A phrase, possibly formatted."""
        r = self.r
        text = " ".join(words)
        roll = r.random()
        if roll < 0.70:
            return text
        if roll < 0.76:
            return f"**{text}**"
        if roll < 0.80:
            return f"__{text}__"
        if roll < 0.85:
            return f"*{text}*"
        if roll < 0.88:
            return f"_{text}_"
        if roll < 0.90:
            return f"~~{text}~~"
        if roll < 0.93:
            return f"`{'_'.join(words).lower()}`"
        if roll < 0.97:
            return f"[{text}]({self.url()})"
        if roll < 0.98:
            return f"<u>{text}</u>"
        if roll < 0.99:
            return f"<color=#{r.randrange(1 << 24):06x}>{text}</color>"
        return f"***{text}***"

    def sentence(self) -> str:
        r = self.r
        parts: list[str] = []
        n = r.randint(4, 18)
        i = 0
        while i < n:
            k = min(n - i, r.randint(1, 4))
            parts.append(self.inline([self.word() for _ in range(k)]))
            i += k
            if r.random() < 0.06:
                parts.append(f"<@uid:{r.choice(NAMES)}>")
            if r.random() < 0.03:
                parts.append(self.url())  # a bare URL: text for the subset
        s = " ".join(parts)
        s = s[0].upper() + s[1:] if s and s[0].islower() else s
        return s + r.choice([".", ".", ".", "!", "?", "", " :)", "..."])

    def paragraph(self, sentences: int) -> str:
        return " ".join(self.sentence() for _ in range(sentences))

    def list_block(self) -> str:
        r = self.r
        ordered = r.random() < 0.4
        marker = r.choice(["-", "-", "*", "+"])
        items = []
        for i in range(r.randint(2, 6)):
            lead = f"{i + 1}." if ordered else marker
            items.append(f"{lead} {self.paragraph(1)}")
        return "\n".join(items)

    def quote_block(self) -> str:
        lines = [self.paragraph(1) for _ in range(self.r.randint(1, 3))]
        return "\n".join("> " + line for line in lines)

    def code_block(self) -> str:
        r = self.r
        lines = [r.choice(CODE_LINES) for _ in range(r.randint(1, 8))]
        return "```" + r.choice(LANGS) + "\n" + "\n".join(lines) + "\n```"

    def message(self) -> str:
        r = self.r
        roll = r.random()
        if roll < 0.55:
            return self.paragraph(r.randint(1, 2))
        if roll < 0.70:
            return self.paragraph(r.randint(3, 5))
        if roll < 0.78:
            return self.paragraph(1) + "\n\n" + self.list_block()
        if roll < 0.84:
            return self.quote_block() + "\n\n" + self.paragraph(1)
        if roll < 0.90:
            return self.paragraph(1) + "\n\n" + self.code_block()
        if roll < 0.96:
            lines = [self.paragraph(1) for _ in range(r.randint(2, 4))]
            return "\\\n".join(lines) if r.random() < 0.5 else "\n\n".join(lines)
        if roll < 0.98:
            return self.long_message(r.randint(1_000, 5_000))
        # a pasted log in a code block
        lines = [f"2024-05-{r.randint(1, 28):02d} {r.choice(CODE_LINES)}" for _ in range(r.randint(20, 80))]
        return "```\n" + "\n".join(lines) + "\n```"

    def long_message(self, size: int) -> str:
        """Formatted prose of about size bytes: paragraphs, with a list or a quote now and then."""
        r = self.r
        blocks: list[str] = []
        n = 0
        while n < size:
            roll = r.random()
            if roll < 0.08:
                block = self.list_block()
            elif roll < 0.12:
                block = self.quote_block()
            else:
                block = self.paragraph(r.randint(2, 6))
            blocks.append(block)
            n += len(block.encode()) + 2
        return "\n\n".join(blocks)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir")
    ap.add_argument("--messages", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    gen = Gen(args.seed)
    with open(out / "corpus.md", "wb") as f:
        for _ in range(args.messages):
            f.write(gen.message().encode("utf-8") + b"\0")
    (out / "large.md").write_bytes(Gen(args.seed + 1).long_message(1_000_000).encode("utf-8"))
    russian = Gen(args.seed + 2, RU_WORDS)
    with open(out / "corpus-ru.md", "wb") as f:
        for _ in range(args.messages):
            f.write(russian.message().encode("utf-8") + b"\0")


if __name__ == "__main__":
    main()
