"""The first thing that must work: pages load under the CSP, and the Web
Worker starts Pyodide from the site's own files and imports the engine."""

from __future__ import annotations



def test_home_page_loads_under_its_policy(page, server):
    response = page.goto(server + "index.html")
    assert response.status == 200
    assert "Content-Security-Policy" in {k.title(): v for k, v in response.headers.items()}
    assert page.locator("h2", has_text="The games").is_visible()


def test_wasm_is_served_as_wasm(page, server):
    response = page.request.get(server + "pyodide/pyodide.asm.wasm")
    assert response.headers["content-type"] == "application/wasm"


def test_worker_loads_pyodide_and_the_engine(page, server):
    page.goto(server + "index.html")
    answer = page.evaluate(
        """() => new Promise((resolve, reject) => {
            const worker = new Worker(document.body.dataset.root + "assets/js/worker.js");
            worker.onmessage = (event) => {
                if (event.data.progress === "failed") reject(new Error(event.data.error));
                if (event.data.id === 1) { worker.terminate(); resolve(event.data); }
            };
            worker.onerror = (event) => reject(new Error(event.message));
            worker.postMessage({id: 1, op: "hello", args: {}});
        })""",
    )
    assert answer["ok"], answer
    assert "engine" in answer["result"]


def test_the_policy_stops_requests_to_other_origins(page, server, context):
    """What the CSP is for: a script (say, injected by a bug) cannot fetch,
    load a script or an image from elsewhere, and cannot run inline code."""
    page.goto(server + "index.html")
    blocked = page.evaluate("""async () => {
        const seen = [];
        document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
        try { await fetch('http://127.0.0.2:9/x'); } catch (error) { /* refused */ }
        const img = new Image(); img.src = 'http://127.0.0.2:9/x.png';
        const script = document.createElement('script'); script.src = 'http://127.0.0.2:9/x.js'; document.head.append(script);
        const inline = document.createElement('script'); inline.textContent = 'window.ran = true'; document.head.append(inline);
        const button = document.createElement('button'); button.setAttribute('onclick', 'window.ran = true'); document.body.append(button); button.click();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {seen, ran: window.ran === true};
    }""")
    context.watch.errors.clear()  # the browser reports each refusal on the console, as it should
    assert not blocked["ran"]
    assert {"connect-src", "img-src", "script-src-elem", "script-src-attr"} <= set(blocked["seen"]), blocked
    page.wait_for_timeout(300)
    assert context.watch.foreign == []  # nothing reached the network
