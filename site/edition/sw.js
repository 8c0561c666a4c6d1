// The service worker (the build writes it to the site's root as sw.js, with
// BUILD and ENGINE_FILES above this line). It keeps Pyodide and the engine
// of this build, so that a second visit starts from the cache and a game
// page once visited plays offline. Versioned files (Pyodide, pinned; the
// engine, ?v=BUILD) are served from the cache first; pages, scripts and
// styles from the network first, and from the cache when it fails.
const CACHE = `pasyans-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ENGINE_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("pasyans-") && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

function versioned(url) {
  return url.pathname.includes("/pyodide/") || url.searchParams.get("v") === BUILD;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (versioned(url)) {
      const kept = await cache.match(request);
      if (kept) return kept;
      const fresh = await fetch(request);
      if (fresh.ok) cache.put(request, fresh.clone());
      return fresh;
    }
    try {
      const fresh = await fetch(request);
      if (fresh.ok) cache.put(request, fresh.clone());
      return fresh;
    } catch (error) {
      const kept = await cache.match(request, { ignoreSearch: url.pathname.endsWith(".html") });
      if (kept) return kept;
      throw error;
    }
  })());
});
