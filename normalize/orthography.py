"""Which spelling is a user's file in: pre-reform or modern?

Read as pre-reform, a modern text gains a final ъ on every word ending in a
hard consonant (Пасьянсъ, занимаетъ); read as modern, a pre-reform text is
never modernised. So when the user does not say, the first lines decide:

- pre-reform evidence: a letter the reform removed (ѣ, і, ѳ, ѵ, or ђ, the
  OCR's ѣ) inside a Cyrillic word, or a word ending in a consonant and ъ;
- modern evidence: a word ending in a hard consonant without ъ (pre-reform
  print writes ъ there; an OCR drops it now and then, never mostly).

Lines are read until one side has `DECISIVE` pieces of evidence and at
least three times the other's, or until `MAX_LINES` lines; then the larger
side wins (pre-reform, the book's spelling, when there is no evidence).
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

OLD_LETTER = regex.compile(r"\p{Script=Cyrillic}*[ѣѢіІѳѲѵѴђЂ]\p{Script=Cyrillic}*")
WORD = regex.compile(r"\p{Script=Cyrillic}{2,}")
CONSONANTS = "бвгджзклмнпрстфхцчшщ"
DECISIVE = 12
MAX_LINES = 2000


@dataclass
class Evidence:
    pre_reform: int = 0
    modern: int = 0
    lines: int = 0

    def add(self, text: str) -> None:
        self.lines += 1
        self.pre_reform += len(OLD_LETTER.findall(text))
        for word in WORD.findall(text):
            last = word[-1].lower()
            if last == "ъ" and word[-2].lower() in CONSONANTS:
                self.pre_reform += 1
            elif last in CONSONANTS and not word.isupper():
                self.modern += 1

    def decided(self) -> bool:
        big, small = max(self.pre_reform, self.modern), min(self.pre_reform, self.modern)
        return (big >= DECISIVE and big >= 3 * small) or self.lines >= MAX_LINES

    @property
    def orthography(self) -> str:
        return "modern" if self.modern > self.pre_reform else "pre-reform"

    def describe(self) -> str:
        return (f"orthography detected: {self.orthography} ({self.pre_reform} pre-reform signs, "
                f"{self.modern} words ending in a hard consonant without ъ, in {self.lines} lines); "
                f"give --orthography to override")


def detect(lines) -> Evidence:
    """The evidence of some lines of text (all of them)."""
    evidence = Evidence()
    for text in lines:
        evidence.add(text)
    return evidence
