"""normalize: OCR repair and spelling layers (placeholder, see issue 2)."""
