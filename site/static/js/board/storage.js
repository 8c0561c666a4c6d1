// The browser's storage, read and written as JSON; a browser that refuses
// storage (private mode, a full quota) keeps nothing and says nothing.
const PREFIX = "pasyans.";

export function read(key, fallback = null) {
  let text = null;
  try { text = localStorage.getItem(PREFIX + key); } catch (error) { return fallback; }
  if (text === null) return fallback;
  try { return JSON.parse(text); } catch (error) { return { damaged: text }; }
}

export function write(key, value) {
  try { localStorage.setItem(PREFIX + key, JSON.stringify(value)); return true; } catch (error) { return false; }
}

export function forget(key) {
  try { localStorage.removeItem(PREFIX + key); } catch (error) { /* nothing kept */ }
}

/** The keys under PREFIX that start with `start` (without the prefix). */
export function keys(start = "") {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX + start)) found.push(key.slice(PREFIX.length));
    }
  } catch (error) { /* none */ }
  return found;
}
