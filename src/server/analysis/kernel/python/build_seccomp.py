"""Writes the sandbox's seccomp filter (BPF) to the file named on the command line.

bubblewrap has no system-call policy of its own; it loads this one (--seccomp FD) just before
running the driver, so the driver and the kernel it starts can never turn it off. Everything is
allowed except what a data analysis never needs and an escape would: sockets other than Unix
sockets (the kernel talks to the driver over Unix sockets), tracing other processes, namespaces,
mounts, keyrings, BPF, kernel modules and the like.
"""
import errno
import socket
import sys

import seccomp

DENIED = [
    "ptrace", "process_vm_readv", "process_vm_writev", "mount", "umount2", "pivot_root",
    "chroot", "unshare", "setns", "keyctl", "add_key", "request_key", "bpf",
    "perf_event_open", "kexec_load", "kexec_file_load", "init_module", "finit_module",
    "delete_module", "reboot", "swapon", "swapoff", "acct", "settimeofday", "clock_settime",
    "clock_adjtime", "adjtimex", "iopl", "ioperm", "open_by_handle_at", "name_to_handle_at",
    "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "fanotify_init",
    "lookup_dcookie", "quotactl", "syslog", "vhangup", "mknod", "mknodat", "fsopen", "fsmount",
    "fsconfig", "fspick", "move_mount", "open_tree", "mount_setattr",
]

CLONE_NEWUSER = 0x10000000
ALLOWED_FAMILIES = {socket.AF_UNIX, socket.AF_INET, socket.AF_INET6, socket.AF_NETLINK}


def main(path):
    flt = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for name in DENIED:
        try:
            flt.add_rule(seccomp.ERRNO(errno.EPERM), name)
        except (RuntimeError, ValueError):
            pass  # Not a system call on this architecture.
    # ZeroMQ resolves endpoints with IPv4 and netlink (interface list) sockets; inside the sandbox's
    # own network namespace that socket reaches nothing but the sandbox's loopback.
    for family in range(1, 64):
        if family not in ALLOWED_FAMILIES:
            flt.add_rule(seccomp.ERRNO(errno.EACCES), "socket", seccomp.Arg(0, seccomp.EQ, family))
    flt.add_rule(seccomp.ERRNO(errno.EPERM), "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER))
    # clone3 passes its flags in memory a filter cannot read; glibc falls back to clone.
    flt.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    with open(path, "wb") as out:
        flt.export_bpf(out)


if __name__ == "__main__":
    main(sys.argv[1])
