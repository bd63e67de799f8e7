#!/usr/bin/env python3
"""The night's page in a real browser (Debian's chromium-headless-shell), driven through the
DevTools protocol over a pipe (--remote-debugging-pipe: no port, no websocket library).

    page_browser.py PAGE.html REPORT.csv SHOT_DIR

Checks, failing with a message on the first that does not hold:
- nothing is requested but file: and data: (every request is intercepted; the network is
  blocked besides, by a dead proxy and a resolver that resolves nothing), the page carries a
  Content-Security-Policy of default-src 'none' and nothing violates it;
- the hostile titles the test planted are text: no <img> in the document, nothing ran;
- after the scripts ran, every ranked model of the CSV is in the DOM with the CSV's median and
  GFLOPS/$ (its data-v value, and shown in its cell);
- sorting by a column, with the keyboard (Tab to the header, Enter) and with the mouse,
  reorders the rows and sets aria-sort;
- with JavaScript off the rows are in rank order and the numbers are there;
- screenshots at desktop and phone width, light and dark, into SHOT_DIR (look at them).
"""
import base64
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 60  # seconds for any one answer from the browser


class Browser:
    def __init__(self, binary, profile):
        # fd 3: our commands to the browser; fd 4: its answers and events.
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        args = [
            binary, "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--no-first-run", "--no-default-browser-check", "--user-data-dir=" + profile,
            # The network, blocked: no request could leave even if one were made.
            "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--metrics-recording-only", "--no-pings",
            "about:blank",
        ]

        def fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(args, preexec_fn=fds, pass_fds=(3, 4),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        self.on_event = None

    def close(self):
        try:
            self.send("Browser.close", session=False, wait=False)
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise RuntimeError("the browser did not answer in time")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True, wait=True, timeout=TIMEOUT):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        if not wait:
            return None
        deadline = time.time() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.dispatch(reply)

    def dispatch(self, event):
        self.events.append(event)
        if self.on_event and "method" in event:
            self.on_event(event)

    def wait_for(self, method, since=0):
        deadline = time.time() + TIMEOUT
        while True:
            for event in self.events[since:]:
                if event.get("method") == method:
                    return event
            since = len(self.events)
            self.dispatch(self.read_message(deadline))

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def ranked_rows_in_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [r for r in rows if r["rank"]]


# Every ranked table's rows, as the DOM has them now: caption, model, and per heading the cell's
# data-v and text.
DOM_ROWS = """
(() => Array.from(document.querySelectorAll('table.ranked')).map(table => {
  const headings = Array.from(table.tHead.rows[0].cells).map(th => th.textContent.trim());
  return {
    caption: table.caption.textContent,
    rows: Array.from(table.tBodies[0].rows).map(tr => {
      const cells = {};
      Array.from(tr.cells).forEach((cell, i) => {
        cells[headings[i]] = {v: cell.getAttribute('data-v'), text: cell.textContent.trim()};
      });
      return {model: tr.querySelector('th a').textContent, cells: cells};
    })
  };
}))()
"""


def load(browser, url):
    since = len(browser.events)
    browser.send("Page.navigate", {"url": url})
    browser.wait_for("Page.loadEventFired", since)


def main():
    page, report_csv, shots = sys.argv[1], sys.argv[2], sys.argv[3]
    binary = shutil.which("chromium-headless-shell") or "/usr/lib/chromium/headless_shell"
    url = "file://" + os.path.abspath(page)
    profile = tempfile.mkdtemp(prefix="gpuprice-chromium-")
    browser = Browser(binary, profile)
    requests, blocked = [], []
    try:
        targets = browser.send("Target.getTargets", session=False)["targetInfos"]
        page_target = next(t for t in targets if t["type"] == "page")
        browser.session = browser.send("Target.attachToTarget",
                                       {"targetId": page_target["targetId"], "flatten": True},
                                       session=False)["sessionId"]

        def on_event(event):
            # Every request stops here: file: and data: go on, anything else is failed and
            # remembered.
            if event["method"] == "Fetch.requestPaused":
                request_url = event["params"]["request"]["url"]
                requests.append(request_url)
                if request_url.startswith(("file:", "data:")):
                    browser.send("Fetch.continueRequest",
                                 {"requestId": event["params"]["requestId"]}, wait=False)
                else:
                    blocked.append(request_url)
                    browser.send("Fetch.failRequest", {"requestId": event["params"]["requestId"],
                                                       "errorReason": "BlockedByClient"},
                                 wait=False)
            elif event["method"] == "Network.requestWillBeSent":
                request_url = event["params"]["request"]["url"]
                if not request_url.startswith(("file:", "data:")):
                    blocked.append(request_url)

        browser.on_event = on_event
        browser.send("Page.enable")
        browser.send("Runtime.enable")
        browser.send("Network.enable")
        browser.send("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        # Before the page's own script: count CSP violations and mark anything a title ran.
        browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__violations = [];
            document.addEventListener('securitypolicyviolation', e =>
                window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
        """})
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        load(browser, url)

        # Nothing from the network, and a policy that would refuse it anyway.
        check(not blocked, f"the page requested {blocked}")
        policy = browser.evaluate(
            "(document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]') || "
            "{content: 'none'}).content")
        check(policy.startswith("default-src 'none';"), f"policy: {policy}")
        check("unsafe-inline" not in policy, f"policy allows any inline code: {policy}")
        check(browser.evaluate("window.__violations.length") == 0,
              f"CSP violations: {browser.evaluate('window.__violations')}")
        check(browser.evaluate("getComputedStyle(document.querySelector('td.num')).textAlign")
              == "right", "the inline style did not apply (numbers not right-aligned)")

        # Hostile titles are text.
        check(browser.evaluate("document.querySelectorAll('img').length") == 0,
              "an <img> from a title is in the document")
        check(browser.evaluate("window.__pwned === undefined"), "a title's script ran")
        texts = browser.evaluate(
            "Array.from(document.querySelectorAll('table.listings td.title'))"
            ".map(td => td.textContent)")
        check(any("<script>window.__pwned=2</script>" in t for t in texts),
              "the <script> title is not shown as text")
        check(any('"><img src=x onerror=window.__pwned=1>' in t for t in texts),
              "the onerror title is not shown as text")
        check(any('"><svg onload=window.__pwned=3>' in t for t in texts),
              "the onload title is not shown as text")
        check(browser.evaluate("document.querySelectorAll('svg[onload], [onerror]').length") == 0,
              "an element with an event handler from a title is in the document")
        check(browser.evaluate(
            "Array.from(document.querySelectorAll('a[href]')).filter(a => "
            "!/^(#|https?:)/.test(a.getAttribute('href'))).length") == 0,
            "a link that is neither a fragment nor http(s)")

        # The DOM after the scripts ran has every ranked model of the CSV, the CSV's figures.
        tables = browser.evaluate(DOM_ROWS)
        shown = {}
        for table in tables:
            condition = table["caption"].split(",")[1].split(":")[0].strip()
            for row in table["rows"]:
                shown[(condition, row["model"])] = row["cells"]
        ranked = ranked_rows_in_csv(report_csv)
        check(len(ranked) >= 10, f"only {len(ranked)} ranked rows in the CSV")
        for r in ranked:
            cells = shown.get((r["condition"], r["model"]))
            check(cells is not None, f"{r['condition']} {r['model']} is not on the page")
            for heading, column in (("Median", "median_price_usd"), ("GFLOPS/$", "gflops_per_usd")):
                cell = cells[heading]
                check(cell["v"] == r[column], f"{r['model']} {heading}: page {cell} CSV {r[column]}")
            # The GFLOPS/$ as the CSV has it; the median as the CLI writes money: "$1,149".
            check(r["gflops_per_usd"] in cells["GFLOPS/$"]["text"],
                  f"{r['model']} GFLOPS/$: {cells['GFLOPS/$']}")
            median = cells["Median"]["text"]
            check(median.startswith("$") and "." not in median and
                  abs(int(median[1:].replace(",", "")) - float(r["median_price_usd"])) <= 0.5,
                  f"{r['model']} median shown as {median}, CSV {r['median_price_usd']}")
            check(cells["#"]["v"] == r["rank"], f"{r['model']} rank {cells['#']} vs {r['rank']}")
        print(f"page: {len(ranked)} ranked models with the CSV's median and GFLOPS/$")

        # Sorting, driven as a person does: Tab to the Median header of the largest table, Enter.
        biggest = max(range(len(tables)), key=lambda i: len(tables[i]["rows"]))
        column_of = lambda heading: list(tables[biggest]["rows"][0]["cells"]).index(heading)
        median_column = column_of("Median")
        focus = (f"document.querySelectorAll('table.ranked')[{biggest}]"
                 f".tHead.rows[0].cells[{median_column}].querySelector('button')")
        check(browser.evaluate(f"{focus} !== null"), "no sort button in the header")
        browser.evaluate(f"{focus}.focus()")
        check(browser.evaluate(f"document.activeElement === {focus}"), "the header takes no focus")
        for kind in ("keyDown", "keyUp"):
            browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter",
                                                    "windowsVirtualKeyCode": 13,
                                                    "text": "\r" if kind == "keyDown" else ""})

        def medians():
            rows = browser.evaluate(DOM_ROWS)[biggest]["rows"]
            return [float(r["cells"]["Median"]["v"]) for r in rows if r["cells"]["Median"]["v"]]

        before = [float(r["cells"]["Median"]["v"]) for r in tables[biggest]["rows"]
                  if r["cells"]["Median"]["v"]]
        after = medians()
        check(after == sorted(before), f"Enter did not sort by median ascending: {after}")
        check(after != before, "the rows were already in median order: pick another table")
        check(browser.evaluate(f"{focus}.parentElement.getAttribute('aria-sort')") == "ascending",
              "aria-sort not set")
        # The mouse on the GFLOPS/$ header: high to low first.
        gflops_column = column_of("GFLOPS/$")
        # Scrolled into view first: a wide table puts the column right of the viewport, where a
        # click would land on nothing.
        box = browser.evaluate(
            f"(() => {{ const b = document.querySelectorAll('table.ranked')[{biggest}]"
            f".tHead.rows[0].cells[{gflops_column}].querySelector('button');"
            f" b.scrollIntoView({{block: 'center', inline: 'center'}});"
            f" const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()")
        for kind in ("mousePressed", "mouseReleased"):
            browser.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1],
                                                      "button": "left", "clickCount": 1})
        rows = browser.evaluate(DOM_ROWS)[biggest]["rows"]
        values = [float(r["cells"]["GFLOPS/$"]["v"]) for r in rows if r["cells"]["GFLOPS/$"]["v"]]
        check(values == sorted(values, reverse=True), f"the click did not sort GFLOPS/$: {values}")
        check(rows[-1]["cells"]["GFLOPS/$"]["v"] in ("", None) or
              all(r["cells"]["GFLOPS/$"]["v"] for r in rows), "empty values not last")
        print(f"page: sorted {len(rows)} rows by keyboard (Median) and by mouse (GFLOPS/$)")

        # A model's name leads to its listings: the click opens them (the browser's own
        # fragment navigation into a closed <details>, no script of ours).
        link = browser.evaluate(
            f"(() => {{ const a = document.querySelectorAll('table.ranked')[{biggest}]"
            f".tBodies[0].rows[0].querySelector('th a'); a.scrollIntoView(); "
            f"const r = a.getBoundingClientRect(); "
            f"return [a.getAttribute('href'), r.x + 5, r.y + r.height / 2]; }})()")
        target = f"document.getElementById('{link[0][1:]}')"
        check(browser.evaluate(f"{target}.closest('details').open") is False,
              "the listings are open before the click")
        for kind in ("mousePressed", "mouseReleased"):
            browser.send("Input.dispatchMouseEvent", {"type": kind, "x": link[1], "y": link[2],
                                                      "button": "left", "clickCount": 1})
        check(browser.evaluate(f"{target}.closest('details').open") is True,
              f"following {link[0]} did not open the model's listings")
        check(browser.evaluate(f"{target}.querySelectorAll('tbody tr').length") > 0,
              f"{link[0]} lists no listing")

        # Screenshots: desktop and phone, light and dark.
        os.makedirs(shots, exist_ok=True)
        for width, mobile, name in ((1280, False, "desktop"), (390, True, "phone")):
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 900 if not mobile else 844,
                          "deviceScaleFactor": 1, "mobile": mobile})
            for scheme in ("light", "dark"):
                browser.send("Emulation.setEmulatedMedia",
                             {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                load(browser, url)
                shot = browser.send("Page.captureScreenshot", {"format": "png"})
                path = os.path.join(shots, f"page-{name}-{scheme}.png")
                with open(path, "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
                check(os.path.getsize(path) > 10000, f"{path} is nearly empty")
                if scheme == "dark":
                    background = browser.evaluate("getComputedStyle(document.body).backgroundColor")
                    check(background == "rgb(18, 20, 23)", f"dark background is {background}")
                # Every class's ranking key is in view without scrolling sideways (UX P3).
                hidden = browser.evaluate(
                    "Array.from(document.querySelectorAll('table.ranked thead th.key'))"
                    ".filter(th => th.getBoundingClientRect().right > "
                    "document.documentElement.clientWidth).length")
                check(hidden == 0, f"{name}: {hidden} tables' ranking key is off-screen")
                # The page fits the phone's width: only tables scroll, inside their frames.
                overflow = browser.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth")
                check(overflow <= 0, f"{name}: the page is {overflow}px wider than the screen")
        print(f"page: screenshots in {shots}")

        # Print: the page prints what the reader sees, each model's listings as the reader left
        # them (UX P13: opening every listing before printing made a used page 29 pages long).
        browser.send("Emulation.setEmulatedMedia", {"features": []})

        def printed_pages():
            # Laying out a 1.4 MB page for print takes the browser a minute on a busy 2-core
            # machine (the suite runs four tests at once): a longer wait for this answer only.
            pdf = base64.b64decode(browser.send("Page.printToPDF", {"printBackground": False},
                                                timeout=4 * TIMEOUT)["data"])
            check(len(pdf) > 20000, "the printed page is nearly empty")
            return len(re.findall(rb"/Type\s*/Page[^s]", pdf))

        closed = printed_pages()
        browser.evaluate("document.querySelectorAll('details').forEach(d => d.open = true), 0")
        opened = printed_pages()
        check(closed < opened, f"printed {closed} pages closed, {opened} with every listing open")
        browser.evaluate("document.querySelectorAll('details').forEach(d => d.open = false), 0")
        print(f"page: prints as {closed} pages, {opened} with every model's listings open")

        # JavaScript off: the same rows, in rank order, no sort buttons.
        browser.send("Emulation.setScriptExecutionDisabled", {"value": True})
        load(browser, url)
        buttons = browser.evaluate("document.querySelectorAll('thead button').length")
        check(buttons == 0, f"{buttons} sort buttons without JavaScript")
        for table in browser.evaluate(DOM_ROWS):
            ranks = [int(r["cells"]["#"]["v"]) for r in table["rows"] if r["cells"]["#"]["v"]]
            check(ranks == sorted(ranks), f"{table['caption']}: ranks {ranks} without JavaScript")
        check(not blocked, f"the page requested {blocked}")
        check(requests and all(u.startswith(("file:", "data:")) for u in requests),
              f"requests: {requests}")
        print(f"page: {len(requests)} requests, all file: or data:")
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
