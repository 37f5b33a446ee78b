#!/usr/bin/env python3
"""examples/python_serve, run as its README says: serve.py serves a model
pt2c compiled; 4 client threads x 25 requests must each get eager
PyTorch's outputs back, the signature must be served, and a request of the
wrong shape must be answered 400 with the model's status and message.

usage: check_serve_example.py SOURCE_DIR WORK_DIR   (with the package's
environment's python; pt2c.compile finds the compiler through PT2C_COMPILER)
"""
import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request

import numpy

import pt2c


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def main():
    source, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    library = pt2c.compile(os.path.join(source, "examples", "mlp.pt2"),
                           os.path.join(work, "serve-example.so"))
    with numpy.load(os.path.join(source, "examples", "mlp.io.npz")) as sample:
        x, expected = sample["in0"], sample["out0"]

    server = subprocess.Popen(
        [sys.executable, os.path.join(source, "examples", "python_serve", "serve.py"), library,
         "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        banner = server.stdout.readline().strip()
        print(banner)
        if "http://" not in banner:
            print("FAIL: serve.py did not start")
            return 1
        url = banner[banner.index("http://"):]

        with urllib.request.urlopen(url + "/", timeout=60) as response:
            described = json.loads(response.read())
        if ([t["name"] for t in described["inputs"]] != ["x"]
                or described["outputs"][0]["shape"] != [4, 10]):
            print(f"FAIL: signature {described}")
            return 1

        failures = []

        def client(index):
            for _ in range(25):
                status, body = post(url + "/run", {"inputs": {"x": x.tolist()}})
                got = numpy.asarray(body.get("outputs", {}).get("softmax", []), dtype=numpy.float64)
                if status != 200 or got.shape != expected.shape or not numpy.allclose(
                        got, expected, rtol=1e-4, atol=1e-4):
                    failures.append((index, status, body if status != 200 else "values"))

        clients = [threading.Thread(target=client, args=(i,)) for i in range(4)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join()
        if failures:
            print(f"FAIL: {len(failures)} wrong answers, first: {failures[0]}")
            return 1

        status, body = post(url + "/run", {"inputs": [x[:, :5].tolist()]})
        if (status != 400 or body.get("status") != int(pt2c.Status.SHAPE_MISMATCH)
                or "'x'" not in body.get("error", "")):
            print(f"FAIL: a wrong shape gave {status} {body}")
            return 1
        print("ok: 4 x 25 requests answered with eager's outputs; signature served; "
              f"a wrong shape refused: {body['error']}")
        return 0
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
