"""extract: structure, clauses, glossary, translation, TEI (placeholder, see issue 3)."""
