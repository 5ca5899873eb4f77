#!/bin/sh
# Runs a program under the egress watcher: strace records every connect, sendto, sendmsg
# and sendmmsg of the program and of every process and thread it starts (-f), each line
# starting `pid<thread name>` (-Y), in the file named by $LANTERN_EGRESS_TRACE.
#   LANTERN_EGRESS_TRACE=FILE tests/e2e/traced.sh PROGRAM [ARGS...]
# The egress test runs the CLI through it, and gives it to WebKitWebDriver as the app's
# binary with the real app as its first argument (the driver passes its environment on).
set -eu
exec strace -f -Y --seccomp-bpf -qq -e trace=connect,sendto,sendmsg,sendmmsg \
  -o "${LANTERN_EGRESS_TRACE:?set LANTERN_EGRESS_TRACE to the trace file}" -- "$@"
