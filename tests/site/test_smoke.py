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
