#!/usr/bin/env python3
"""Serves a pt2c model over HTTP, with nothing but the standard library,
numpy and the pt2c package: one model, shared by every request thread (runs
of one model are thread-safe), JSON in and out.

    python3 serve.py MODEL.so [--port 8000] [--device cuda] [--weights MODEL.pt2]
    curl localhost:8000/                                    # the signature
    curl -d '{"inputs": {"x": [[0.1, ...], ...]}}' localhost:8000/run
"""
import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pt2c


def signature(model):
    def describe(tensor):
        return {"name": tensor.name, "dtype": tensor.dtype, "shape": list(tensor.shape)}

    return {"name": model.name, "device": model.device,
            "inputs": [describe(t) for t in model.inputs],
            "outputs": [describe(t) for t in model.outputs],
            "symbols": {name: list(bounds) for name, bounds in model.symbols.items()}}


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/":
            return self.reply(404, {"error": "GET / or POST /run"})
        self.reply(200, signature(self.server.model))

    def do_POST(self):
        if self.path != "/run":
            return self.reply(404, {"error": "GET / or POST /run"})
        model = self.server.model
        try:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            inputs = request["inputs"]
            # By name (an object) or in signature order (a list). Nested
            # lists become numpy arrays of the model's dtypes in the package.
            if isinstance(inputs, dict):
                outputs = model(**inputs)
            else:
                outputs = model(*inputs)
        except pt2c.Error as error:  # the model refused the request: say why
            return self.reply(400, {"error": error.message, "status": int(error.status)})
        except (ValueError, KeyError, TypeError) as error:
            return self.reply(400, {"error": f"bad request: {error}"})
        self.reply(200, {"outputs": {info.name: value.tolist()
                                     for info, value in zip(model.outputs, outputs)}})

    def reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # one line per request would drown the startup line


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library", help="the model .so that pt2c compiled")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0: any free port")
    parser.add_argument("--device", default="cpu", help="cpu, cuda or cuda:N")
    parser.add_argument("--weights", help="the .pt2 of a --weights external library")
    args = parser.parse_args()

    with pt2c.load(args.library, device=args.device, weights=args.weights) as model:
        server = ThreadingHTTPServer((args.host, args.port), Handler)
        server.model = model
        print(f"serving {model} on http://{args.host}:{server.server_port}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()


if __name__ == "__main__":
    main()
