// The egress analyzer on strace lines as Debian's strace 6.1 prints them
// (`strace -f -Y --seccomp-bpf -qq -e trace=connect,sendto,sendmsg,sendmmsg`).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { analyze, describe as describeEvent, isLoopback, parseTrace, report } from "./egress.mjs";

/** The attempts to reach out in `text`, in words. */
const blocked = (text) => analyze([{ label: "t", text }]).blocked.map(describeEvent);

describe("egress analyzer", () => {
  it("fails a DNS query to a non-loopback resolver, naming the pid, the thread and the destination", () => {
    const line = '123<tokio-runtime-w> connect(12, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.2")}, 16) = -1 ENETUNREACH (Network is unreachable)';
    assert.deepEqual(blocked(line), [
      "pid 123 thread tokio-runtime-w: connect to 10.0.0.2:53 (DNS, port 53) = -1 ENETUNREACH (Network is unreachable)",
    ]);
  });

  it("fails an IPv6 destination outside loopback", () => {
    const line = '77<WebKitNetworkP> connect(40, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 EINPROGRESS (Operation now in progress)';
    assert.deepEqual(blocked(line), [
      "pid 77 thread WebKitNetworkP: connect to [2001:db8::1]:443 (not loopback) = -1 EINPROGRESS (Operation now in progress)",
    ]);
  });

  it("fails DNS even on a loopback resolver", () => {
    const line = '9<lantern-app> sendto(5, "\\1\\2", 2, 0, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("127.0.0.53")}, 16) = 2';
    assert.deepEqual(blocked(line), ['pid 9 thread lantern-app: sendto to 127.0.0.53:53 (DNS, port 53) = 2']);
  });

  it("reads explicit destinations of sendto, sendmsg and every message of sendmmsg", () => {
    const text = [
      '1<a> sendto(3, "x", 1, 0, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = 1',
      '2<b> sendmsg(3, {msg_name={sa_family=AF_INET, sin_port=htons(123), sin_addr=inet_addr("192.0.2.7")}, msg_namelen=16, msg_iov=[{iov_base="x", iov_len=1}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 1',
      '3<c> sendmmsg(4, [{msg_hdr={msg_name={sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=16, msg_iov=[{iov_base="x", iov_len=1}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=1}, {msg_hdr={msg_name={sa_family=AF_INET, sin_port=htons(80), sin_addr=inet_addr("198.51.100.4")}, msg_namelen=16, msg_iov=[{iov_base="x", iov_len=1}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=1}], 2, 0) = 2',
    ].join("\n");
    assert.deepEqual(blocked(text), [
      "pid 1 thread a: sendto to [2001:db8::1]:443 (not loopback) = 1",
      "pid 2 thread b: sendmsg to 192.0.2.7:123 (not loopback) = 1",
      "pid 3 thread c: sendmmsg to 198.51.100.4:80 (not loopback) = 2",
    ]);
  });

  it("joins calls split into <unfinished ...> and <... resumed> across other threads' lines", () => {
    const text = [
      '5<tokio-runtime-w> connect(12, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("203.0.113.9")}, 16 <unfinished ...>',
      '6<gmain> sendmmsg(3,  <unfinished ...>',
      '7<python3> connect(6, {sa_family=AF_INET6, sin6_port=htons(9), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ECONNREFUSED (Connection refused)',
      "5<tokio-runtime-w> <... connect resumed>) = -1 ETIMEDOUT (Connection timed out)",
      '6<gmain> <... sendmmsg resumed>[{msg_hdr={msg_name={sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=16, msg_iov=[{iov_base="q", iov_len=1}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=1}], 1, MSG_NOSIGNAL) = 1',
    ].join("\n");
    assert.deepEqual(blocked(text), [
      "pid 5 thread tokio-runtime-w: connect to 203.0.113.9:443 (not loopback) = -1 ETIMEDOUT (Connection timed out)",
      "pid 6 thread gmain: sendmmsg to 127.0.0.1:53 (DNS, port 53) = 1",
    ]);
    assert.equal(parseTrace(text).length, 3, "three calls, each counted once");
  });

  it("passes local sockets, loopback, connected-socket sends, and skips signals", () => {
    const text = [
      '12594<getent> connect(3, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
      "40<gdbus> sendmsg(7, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"l\\1\", iov_len=2}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, MSG_NOSIGNAL) = 2",
      "41<lantern-app> sendto(9, {{nlmsg_len=20, nlmsg_type=RTM_GETADDR, nlmsg_flags=NLM_F_REQUEST|NLM_F_DUMP, nlmsg_seq=1, nlmsg_pid=0}, {ifa_family=AF_UNSPEC}}, 20, 0, {sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}, 12) = 20",
      '12695<python3> sendto(4, "x", 1, 0, {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")}, 16) = 1',
      '12695<python3> connect(3, {sa_family=AF_INET6, sin6_port=htons(9), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "::ffff:127.0.0.1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ECONNREFUSED (Connection refused)',
      "12 connect(3, {sa_family=AF_UNSPEC, sa_data=\"\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\"}, 16) = 0",
      "12651<bash> --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=12653<bash>, si_uid=0, si_status=0, si_utime=0, si_stime=0} ---",
    ].join("\n");
    assert.deepEqual(blocked(text), []);
    assert.equal(parseTrace(text).length, 6);
  });

  it("fails socket families that are not local", () => {
    const line = "8<x> sendto(3, \"\", 0, 0, {sa_family=AF_PACKET, sll_protocol=htons(ETH_P_ALL), sll_ifindex=2, sll_hatype=ARPHRD_NETROM, sll_pkttype=PACKET_HOST, sll_halen=0}, 20) = 0";
    assert.deepEqual(blocked(line), ["pid 8 thread x: sendto to AF_PACKET (socket family AF_PACKET is not local) = 0"]);
  });

  it("knows loopback", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) assert.ok(isLoopback(host), host);
    for (const host of ["10.0.0.2", "0.0.0.0", "::", "::ffff:10.0.0.1", "2001:db8::1", "128.0.0.1"]) assert.ok(!isLoopback(host), host);
  });

  it("reports the verdict, each attempt, and a per-trace summary", () => {
    const text = [
      '123<tokio-runtime-w> connect(12, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.2")}, 16) = -1 ENETUNREACH',
      '124<gmain> connect(3, {sa_family=AF_UNIX, sun_path="/tmp/.X11-unix/X99"}, 20) = 0',
      '125<gmain> connect(3, {sa_family=AF_UNIX, sun_path="/tmp/.X11-unix/X99"}, 20) = 0',
    ].join("\n");
    const text2 = report(analyze([{ label: "app", source: "app.trace", text }]));
    assert.match(text2, /^Result: FAIL: 1 attempt\(s\) to reach the network in 3 call\(s\), 1 trace\(s\)\.$/m);
    assert.match(text2, /BLOCKED \[app\] pid 123 thread tokio-runtime-w: connect to 10\.0\.0\.2:53/);
    assert.match(text2, /== app \(app\.trace\): 3 call\(s\)/);
    assert.match(text2, /local +connect +unix "\/tmp\/\.X11-unix\/X99" {2}x2 {2}by gmain\(124,125\)/);
  });
});
