"""Runs one IPython kernel inside the sandbox and executes cells for the server.

The server speaks to this driver over a socket of its own (file descriptor SCRIPTOR_CHANNEL_FD),
one JSON object per line:
  -> {"id": 1, "op": "execute", "code": "...", "timeout": 60}
  <- {"id": 1, "status": "ok" | "error" | "killed", "execution_count": 3, "outputs": [...]}
The driver moves that socket to a descriptor no child inherits before the kernel starts, and
points its own stdin, stdout and stderr (which the kernel inherits) at /dev/null: the kernel can
only speak through the Jupyter protocol, so nothing it writes reaches the server as an answer.
Outputs are nbformat 4 output dicts. A cell that runs past its time, prints past the output
limit or kills its kernel gets an error output saying so; the kernel is then shut down and the
next cell starts a fresh one (reported as "restarted"). After every cell every process of the
sandbox but the kernel (and this driver and bwrap's init) is killed.
"""
import ctypes
import json
import os
import resource
import shutil
import signal
import sys
import time

from jupyter_client.manager import KernelManager

LIMITS = json.loads(os.environ.get("SCRIPTOR_LIMITS", "{}"))
OUTPUT_LIMIT = int(LIMITS.get("outputBytes", 2_000_000))
# The server reads no longer answer (sandbox-channel.ts): the outputs kept under OUTPUT_LIMIT
# plus room for the envelope and the error saying why they were cut.
FRAME_LIMIT = int(LIMITS.get("frameBytes", OUTPUT_LIMIT + 512 * 1024))
CHANNEL_FD = int(os.environ.get("SCRIPTOR_CHANNEL_FD", "4"))
PR_SET_DUMPABLE = 4


def encoded_size(value):
    return len(json.dumps(value).encode())


def open_channel():
    """The server's socket on a descriptor the kernel does not inherit; 0, 1, 2 → /dev/null."""
    channel = os.dup(CHANNEL_FD)  # os.dup's copy is not inheritable
    os.close(CHANNEL_FD)
    null = os.open(os.devnull, os.O_RDWR)
    for target in (0, 1, 2):
        os.dup2(null, target)
    os.close(null)
    # Not dumpable: a process of the same uid (the kernel) can open nothing under /proc/<driver>.
    ctypes.CDLL(None).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    return os.fdopen(channel, "rb"), os.fdopen(os.dup(channel), "wb", buffering=0)


REAP_CODE = (
    "exec('import os\\nwhile True:\\n    try:\\n        if os.waitpid(-1, os.WNOHANG)[0] == 0:\\n"
    "            break\\n    except ChildProcessError:\\n        break', {})"
)


def sandbox_pids():
    return {int(entry) for entry in os.listdir("/proc") if entry.isdigit()}


def reap(keep):
    """Kills every process of the sandbox (its own PID namespace) but `keep`: stopped first, so
    that none forks while the others are found, then killed; setsid'd ones included."""
    stopped = set()
    for _ in range(100):
        found = sandbox_pids() - keep - stopped
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGSTOP)
            except OSError:
                pass
            stopped.add(pid)
    for pid in stopped:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    killed = set(stopped)
    # The next cell must not see them: wait until each is dead (a zombie, or reaped).
    deadline = time.monotonic() + 2
    while stopped and time.monotonic() < deadline:
        stopped = {pid for pid in stopped if process_state(pid) not in ("Z", "X", None)}
        if stopped:
            time.sleep(0.01)
    return killed


def process_state(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


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

    def kernel_pid(self):
        provisioner = getattr(self.km, "provisioner", None) if self.km is not None else None
        return getattr(provisioner, "pid", None)

    def reap(self):
        """What a cell left running besides the kernel is killed (after every cell)."""
        keep = {1, os.getpid()}
        kernel = self.kernel_pid()
        alive = kernel is not None and self.km.is_alive()
        if alive:
            keep.add(kernel)
        if reap(keep) and alive:
            self.collect_zombies()

    def collect_zombies(self):
        """The kernel's killed children stay zombies, counted against the process cap, until it
        waits for them: a silent execution (no output, no history, no names) does."""
        msg_id = self.kc.execute(REAP_CODE, silent=True, store_history=False, allow_stdin=False)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                msg = self.kc.get_iopub_msg(timeout=1)
            except Exception:
                continue
            if msg.get("parent_header", {}).get("msg_id") == msg_id and msg["msg_type"] == "status" and msg["content"].get("execution_state") == "idle":
                return

    def stop(self):
        if self.kc is not None:
            self.kc.stop_channels()
        if self.km is not None:
            try:
                self.km.shutdown_kernel(now=True)
            except Exception:
                pass
        self.km = self.kc = None
        reap({1, os.getpid()})

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
                    size += encoded_size(content["text"])
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
                size += encoded_size(output)
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


def bounded(answer):
    """An answer the server accepts: one cut to FRAME_LIMIT says so rather than being refused."""
    line = json.dumps(answer).encode() + b"\n"
    if len(line) <= FRAME_LIMIT:
        return line
    answer = {**answer, "status": "killed", "outputs": trim(answer["outputs"]) + [limit_error("OutputLimitExceeded", f"The cell produced more than {OUTPUT_LIMIT:,} bytes of output; the kernel was stopped and its variables are lost.")]}
    line = json.dumps(answer).encode() + b"\n"
    if len(line) <= FRAME_LIMIT:
        return line
    return json.dumps({**answer, "outputs": answer["outputs"][-1:]}).encode() + b"\n"


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
    requests, out = open_channel()
    set_rlimits()
    seed_matplotlib_cache()
    driver = Driver()
    started = time.monotonic()
    try:
        driver.start()
    except Exception as error:
        out.write(json.dumps({"event": "failed", "message": f"{type(error).__name__}: {error}"[:2000]}).encode() + b"\n")
        return
    out.write(json.dumps({"event": "ready", "startMs": round((time.monotonic() - started) * 1000)}).encode() + b"\n")
    for line in requests:
        request = json.loads(line)
        if request.get("op") == "shutdown":
            break
        try:
            answer = driver.execute(request["code"], float(request.get("timeout", 60)))
            driver.reap()
        except Exception as error:  # The driver must keep answering.
            driver.stop()
            answer = Driver.answer("killed", None, [limit_error("KernelError", str(error))], False)
        answer["id"] = request.get("id")
        out.write(bounded(answer))
    driver.stop()


if __name__ == "__main__":
    main()
