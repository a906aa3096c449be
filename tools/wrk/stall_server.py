"""A keep-alive HTTP server for checking gilsim's wrk arithmetic against the real wrk (tools/wrk/check.sh).

Every answer takes ANSWER_S, except the first request after each STALL_EVERY_S, which takes STALL_S: a stall that
holds one connection, as a starved pool thread holds the job it popped. Each request's latency as the server saw it
(headers read to response written, in ns) goes to the log file named on the command line, one a line.

    /usr/bin/python3 tools/wrk/stall_server.py LOG [PORT]
"""
import asyncio
import sys
import time

ANSWER_S = 0.006  # about the pool's 6 ms queue at 16 connections
STALL_S = 0.7
STALL_EVERY_S = 1.0

log = open(sys.argv[1], "w", buffering=1)  # line-buffered: the server is stopped with a signal
port = int(sys.argv[2]) if len(sys.argv) > 2 else 8089
next_stall = 0.0


async def handle(reader, writer):
    global next_stall
    try:
        while await reader.readline():  # the request line
            while (await reader.readline()) not in (b"\r\n", b"\n", b""):  # its headers
                pass
            start = time.perf_counter_ns()
            now = time.monotonic()
            delay = ANSWER_S
            if now >= next_stall:
                next_stall = now + STALL_EVERY_S
                delay = STALL_S
            await asyncio.sleep(delay)
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            await writer.drain()
            log.write(f"{time.perf_counter_ns() - start}\n")
    except ConnectionError:
        pass
    finally:
        writer.close()


async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", port)
    async with server:
        await server.serve_forever()


asyncio.run(main())
