"""Fuzzes the API of a running local cloud from docs/openapi.yaml with schemathesis.

Three runs, each for a time budget: anonymous, as a signed-in user (signed up, verified through
the dev mailbox, logged in), and as an administrator (the e2e administrator, created with the
setup secret when it does not exist yet). Every response is checked: no server error, a status
code and content type the document declares, a body that matches its schema. Requests stay
under the HTTP API's throttling (its 429 is the gateway's, not the API's). Prints the figures of
each run and exits 1 when any run found a failure.

Usage (make fuzz starts a local cloud for it; make test runs it briefly after the e2e journeys):
  .venv/bin/python infra/tools/fuzz.py --base http://127.0.0.1:PORT --admin-secret HEX \
      --api http://127.0.0.1:APIPORT --origin-secret HEX [--seconds 60]
"""

import argparse
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

# Calls that would end the identity's session for the rest of the run, or whose only purpose is
# to end it: the signed-in runs leave them to the anonymous run and the unit tests.
SESSION_ENDERS = [
    "^/api/v1/auth/logout$",
    "^/api/v1/auth/change-password$",
    "^/api/v1/account$",
]

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"

# Below the template's DefaultRouteSettings (100 requests a second, burst 200).
RATE_LIMIT = "80/s"

ADMIN_EMAIL = os.environ.get("REMAT_ADMIN_EMAIL", "e2e-admin@example.com")
ADMIN_PASSWORD = os.environ.get("REMAT_ADMIN_PASSWORD", "Verwaltung+Rapport-2026")


def call(base, method, path, body=None, token=None, viewer=None):
    """Calls the API; with viewer = (api_url, origin_secret) the call goes to the API's own
    endpoint as CloudFront forwards it, from a viewer address of its own, so setting up the
    identities spends none of the per-address budgets of the loopback address."""
    url = base + path
    data = None if body is None else json.dumps(body).encode()
    if viewer:
        url = viewer[0] + path
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if viewer:
        req.add_header("X-Origin-Verify", viewer[1])
        req.add_header("CloudFront-Viewer-Address", f"198.51.100.{secrets.randbelow(250) + 1}:41000")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def verification_token(base, email):
    for _ in range(150):
        _, box = call(base, "GET", "/_dev/mailbox.json")
        for message in box.get("messages", []):
            if email not in [a.lower() for a in message.get("to", [])]:
                continue
            body = (message.get("text") or "") + " " + (message.get("html") or "")
            match = re.search(r"/[a-z]{2}/email-verification/([A-Za-z0-9_-]+)", body)
            if match:
                return match.group(1)
        time.sleep(0.1)
    raise SystemExit(f"fuzz: no verification e-mail for {email} in the dev mailbox")


def user_token(base, viewer):
    email = f"fuzz-{secrets.token_hex(6)}@example.ch"
    password = "Fuzz+Passwort-" + secrets.token_hex(4)
    status, body = call(base, "POST", "/api/v1/auth/signup", {
        "accountType": "individual", "isAdult": True, "acceptRules": True, "firstName": "Fritz",
        "lastName": "Fuzzer", "email": email, "phone": "+41 79 555 12 34", "password": password, "language": "de",
    }, viewer=viewer)
    if status != 201:
        raise SystemExit(f"fuzz: sign-up answered {status} {body}")
    status, body = call(base, "POST", "/api/v1/auth/verify-account", {"token": verification_token(base, email)}, viewer=viewer)
    if status != 200:
        raise SystemExit(f"fuzz: verification answered {status} {body}")
    token = login(base, email, password, viewer)
    if not token:
        raise SystemExit(f"fuzz: the new user {email} cannot log in")
    return token


def login(base, email, password, viewer):
    status, body = call(base, "POST", "/api/v1/auth/login", {"email": email, "password": password}, viewer=viewer)
    if status != 200:
        return None
    return body["token"]


def admin_token(base, setup_secret, viewer):
    token = login(base, ADMIN_EMAIL, ADMIN_PASSWORD, viewer)
    if token:
        return token
    status, body = call(base, "POST", "/api/v1/auth/create-admin", {
        "setupSecret": setup_secret, "firstName": "Ada", "lastName": "Verwalterin",
        "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD,
    }, viewer=viewer)
    if status != 201:
        raise SystemExit(f"fuzz: create-admin answered {status} {body}")
    return login(base, ADMIN_EMAIL, ADMIN_PASSWORD, viewer)


def fuzz(schemathesis, openapi, base, seconds, name, token, config):
    cmd = [schemathesis, "--config-file", config, "run", openapi, "--url", base, "--checks", CHECKS,
           "--max-time", str(seconds), "--workers", "1", "--rate-limit", RATE_LIMIT]
    if token:
        cmd += ["--header", f"Authorization: Bearer {token}"]
        for path in SESSION_ENDERS:
            cmd += ["--exclude-path-regex", path]
    print(f"==> fuzz as {name} for {seconds} s", flush=True)
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    text = out.stdout + out.stderr
    summary = text[text.rfind("SUMMARY"):] if "SUMMARY" in text else text[-4000:]
    generated = re.search(r"(\d+) generated", summary)
    print(summary.strip(), flush=True)
    if out.returncode != 0:
        print(text[:20000], file=sys.stderr)
    return out.returncode == 0, int(generated.group(1)) if generated else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the local cloud's site URL (through its CloudFront stand-in)")
    parser.add_argument("--admin-secret", default=os.environ.get("REMAT_ADMIN_SETUP_SECRET", ""),
                        help="the admin setup secret, when the e2e administrator does not exist yet")
    parser.add_argument("--api", default=os.environ.get("REMAT_API_URL", ""), help="the API's own endpoint (execute-api)")
    parser.add_argument("--origin-secret", default=os.environ.get("REMAT_ORIGIN_SECRET", ""),
                        help="CloudFront's X-Origin-Verify, to set the identities up as viewers of their own")
    parser.add_argument("--seconds", type=int, default=60, help="time budget of each of the three runs")
    parser.add_argument("--openapi", default="docs/openapi.yaml")
    args = parser.parse_args()

    schemathesis = os.path.join(os.path.dirname(sys.executable), "schemathesis")
    with tempfile.TemporaryDirectory() as tmp:
        config = os.path.join(tmp, "schemathesis.toml")
        with open(config, "w", encoding="utf-8") as f:
            # The document's sign-up cannot complete without the dev mailbox: the identities are
            # made above instead.
            f.write("[auth]\nauto-signup = false\n")
        viewer = (args.api, args.origin_secret) if args.api and args.origin_secret else None
        runs = [("a visitor", None), ("a signed-in user", user_token(args.base, viewer)),
                ("an administrator", admin_token(args.base, args.admin_secret, viewer))]
        results = [(name, *fuzz(schemathesis, args.openapi, args.base, args.seconds, name, token, config))
                   for name, token in runs]
    total = sum(n for _, _, n in results)
    failed = [name for name, ok, _ in results if not ok]
    print(f"fuzz: {total} requests generated in {len(results)} runs of {args.seconds} s; "
          + (f"failures as {', '.join(failed)}" if failed else "no failure"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
