#!/usr/bin/env python3
# Usage: python3 bench/upload_first.py EXPLORER SITE LESSONS PNG [RUNS]  (docs/live-in-class.md)
# As a page does: upload a PNG, ask for the job, fetch the state's page (the server waits while
# it is baked), then every figure it shows; seconds from the upload's answer to the last figure.
# RUNS uploads follow one another, each from a new session (a class uploading at once: a later
# one starts while the earlier jobs still make their other states), one request in flight.
# LESSONS: a folder holding a copy of Lessons/03-*.md and Lessons/images/; SITE: explorer export --output SITE
# --lessons LESSONS --quick; PNG: python3 bench/make_photo12.py Lessons/images/photo.png PNG.
import http.client, json, re, sys, time, subprocess, os, signal
exe, site, lessons, png = sys.argv[1:5]
runs = int(sys.argv[5]) if len(sys.argv) > 5 else 1
proc = subprocess.Popen([exe, 'serve', '--port', '0', '--site', site, '--lessons', lessons, '--quick'],
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
port = None
for line in proc.stdout:
    m = re.search(r'127\.0\.0\.1:(\d+)', line)
    if m and 'Serving' in line: port = int(m.group(1)); break
body = open(png, 'rb').read()
def req(method, path, data=None, headers={}):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=120)
    c.request(method, path, body=data, headers=dict({'Host': '127.0.0.1'}, **headers))
    r = c.getresponse(); d = r.read(); c.close(); return r, d
try:
    for i in range(runs):
        s = 'p%d%d' % (os.getpid(), i)
        r, d = req('POST', '/upload?session=%s&name=photo.png' % s, body, {'Content-Type': 'image/png'})
        t0 = time.time()
        assert r.status == 200, d
        r, d = req('POST', '/job?session=%s&image=photo.png&lesson=3&near=sigma%%3D3&state=defaults' % s, b'')
        base = json.loads(d)['base']
        r, html = req('GET', base + 'states/defaults/state.html')
        t1 = time.time()
        html = html.decode()
        imgs = re.findall(r'<img src="([^"]+)"', html)
        for src in imgs:
            r, d = req('GET', src); assert r.status == 200, src
        t2 = time.time()
        first = 'live-first' in html
        print('%s: state page %.2f s, its %d figures %.2f s after the upload answered (%s); load %s' % (
            os.path.basename(exe.rstrip('/')) if 'main' not in exe else 'main', t1 - t0, len(imgs), t2 - t0,
            'first look' if first else 'full copy', open('/proc/loadavg').read().split()[0]), flush=True)
finally:
    proc.send_signal(signal.SIGINT); proc.wait()
