"""Runs one IPython kernel inside the sandbox and executes cells for the server.

The server speaks to this driver over stdin/stdout, one JSON object per line:
  -> {"id": 1, "op": "execute", "code": "...", "timeout": 60}
  <- {"id": 1, "status": "ok" | "error" | "killed", "execution_count": 3, "outputs": [...]}
Outputs are nbformat 4 output dicts. A cell that runs past its time, prints past the output
limit or kills its kernel gets an error output saying so; the kernel is then shut down and the
next cell starts a fresh one (reported as "restarted").
"""
import json
import os
import resource
import shutil
import sys
import time

from jupyter_client.manager import KernelManager

LIMITS = json.loads(os.environ.get("SCRIPTOR_LIMITS", "{}"))
OUTPUT_LIMIT = int(LIMITS.get("outputBytes", 2_000_000))


def set_rlimits():
    """Inherited by the kernel: memory, CPU time, processes, file size."""
    pairs = {
        resource.RLIMIT_AS: LIMITS.get("memoryBytes"),
        resource.RLIMIT_CPU: LIMITS.get("cpuSeconds"),
        resource.RLIMIT_NPROC: LIMITS.get("processes"),
        resource.RLIMIT_FSIZE: LIMITS.get("fileBytes"),
        resource.RLIMIT_CORE: 0,
    }
    for kind, value in pairs.items():
        if value is not None:
            resource.setrlimit(kind, (int(value), int(value)))


def limit_error(name, message):
    return {"output_type": "error", "ename": name, "evalue": message, "traceback": [f"{name}: {message}"]}


class Driver:
    def __init__(self):
        self.km = None
        self.kc = None
        self.restarted = False

    def start(self):
        km = KernelManager(kernel_name="python3", transport="ipc", ip="/tmp/kernel")
        km.start_kernel(cwd=os.getcwd(), extra_arguments=["--HistoryManager.enabled=False"])
        kc = km.blocking_client()
        kc.start_channels()
        kc.wait_for_ready(timeout=60)
        self.km, self.kc = km, kc

    def stop(self):
        if self.kc is not None:
            self.kc.stop_channels()
        if self.km is not None:
            try:
                self.km.shutdown_kernel(now=True)
            except Exception:
                pass
        self.km = self.kc = None

    def execute(self, code, timeout):
        restarted = False
        if self.km is None or not self.km.is_alive():
            self.stop()
            self.start()
            restarted = True
        kc = self.kc
        msg_id = kc.execute(code, store_history=True, allow_stdin=False, stop_on_error=False)
        deadline = time.monotonic() + timeout
        outputs = []
        size = 0
        execution_count = None
        status = "ok"
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                outputs.append(limit_error("TimeLimitExceeded", f"The cell ran longer than {timeout:g} seconds; the kernel was stopped and its variables are lost."))
                self.stop()
                return self.answer("killed", execution_count, outputs, restarted)
            try:
                msg = kc.get_iopub_msg(timeout=min(remaining, 1.0))
            except Exception:
                if not self.km.is_alive():
                    outputs.append(limit_error("KernelDied", "The kernel stopped (it hit a memory, CPU-time or process limit, or exited); its variables are lost."))
                    self.stop()
                    return self.answer("killed", execution_count, outputs, restarted)
                continue
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            content = msg["content"]
            output = None
            if kind == "status" and content.get("execution_state") == "idle":
                break
            if kind == "execute_input":
                execution_count = content.get("execution_count")
            elif kind == "stream":
                if outputs and outputs[-1]["output_type"] == "stream" and outputs[-1]["name"] == content["name"]:
                    outputs[-1]["text"] += content["text"]
                    size += len(content["text"])
                else:
                    output = {"output_type": "stream", "name": content["name"], "text": content["text"]}
            elif kind in ("display_data", "execute_result"):
                output = {"output_type": kind, "data": content.get("data", {}), "metadata": content.get("metadata", {})}
                if kind == "execute_result":
                    output["execution_count"] = content.get("execution_count")
            elif kind == "error":
                status = "error"
                output = {"output_type": "error", "ename": content["ename"], "evalue": content["evalue"], "traceback": content["traceback"]}
            elif kind == "clear_output":
                outputs = []
                size = 0
            if output is not None:
                size += len(json.dumps(output))
                outputs.append(output)
            if size > OUTPUT_LIMIT:
                outputs = trim(outputs)
                outputs.append(limit_error("OutputLimitExceeded", f"The cell produced more than {OUTPUT_LIMIT:,} bytes of output; the kernel was stopped and its variables are lost."))
                self.stop()
                return self.answer("killed", execution_count, outputs, restarted)
        return self.answer(status, execution_count, outputs, restarted)

    @staticmethod
    def answer(status, execution_count, outputs, restarted):
        return {"status": status, "execution_count": execution_count, "outputs": outputs, "restarted": restarted}


def trim(outputs):
    """Keeps the start of what was printed so the user sees what ran away."""
    kept = []
    for output in outputs:
        if output["output_type"] == "stream":
            kept.append({**output, "text": output["text"][:2000] + "\n…\n"})
        elif len(json.dumps(output)) < 20000:
            kept.append(output)
        if len(kept) >= 5:
            break
    return kept


def seed_matplotlib_cache():
    source = os.environ.get("SCRIPTOR_MPL_CACHE")
    target = os.environ.get("MPLCONFIGDIR")
    if source and target and os.path.isdir(source):
        shutil.copytree(source, target, dirs_exist_ok=True)


def main():
    set_rlimits()
    seed_matplotlib_cache()
    out = sys.stdout
    sys.stdout = sys.stderr  # Nothing but answers goes to the server's pipe.
    driver = Driver()
    started = time.monotonic()
    driver.start()
    out.write(json.dumps({"event": "ready", "startMs": round((time.monotonic() - started) * 1000)}) + "\n")
    out.flush()
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "shutdown":
            break
        try:
            answer = driver.execute(request["code"], float(request.get("timeout", 60)))
        except Exception as error:  # The driver must keep answering.
            driver.stop()
            answer = Driver.answer("killed", None, [limit_error("KernelError", str(error))], False)
        answer["id"] = request.get("id")
        out.write(json.dumps(answer) + "\n")
        out.flush()
    driver.stop()


if __name__ == "__main__":
    main()
