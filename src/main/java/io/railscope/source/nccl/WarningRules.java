package io.railscope.source.nccl;

import io.railscope.source.nccl.NcclWarning.Kind;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a warning line means, from the messages NCCL and PyTorch print (see README, "how the numbers
 * are made"). NCCL's {@code WARN} sits on its error paths: a warning none of these rules knows is
 * fatal unless the process went on to complete its communicator's initialisation.
 */
final class WarningRules {

    private record Rule(Kind kind, Pattern pattern) {}

    private static final List<Rule> RULES = List.of(
            // routine although worded like a failure: the GPUDirect-TCPX plugin's slowness report (net_tcpx.cc), after
            // which it retries
            benign("ctrl timeout cnt \\d+"),
            // ECE is optional: net_ib.cc goes on without it
            benign("ibv_(set|query)_ece"),
            // net_ib.cc's async thread prints the verbs events it sees and carries on ("Got async event : port active",
            // 2.23+: "mlx5_0:1 Got async error event: port error", "GID table changed"); a fatal one stops the
            // communicator
            fatal("async fatal event|communicator encountered a fatal error"),
            transport("Got async (error )?event ?: ?(port error|local catastrophic error|device fatal)"),
            benign("Got async (error )?event|GID table changed"),
            // transport evidence: net_ib.cc and ibvwrap.cc when no HCA or no verbs library can be used, GDR checks
            transport("NET/IB ?: ?No device found"),
            transport("Failed to open libibverbs"),
            transport("libibverbs\\.so.*(not found|cannot open|No such file)"),
            transport("GPU Direct RDMA (is )?Disabled"),
            transport("No IB devices? found"),
            transport("NCCL_IB_HCA.*(no|not) .*(match|found)"),
            // aws-ofi-nccl finds no libfabric provider (no EFA in the pod): NCCL falls back to its own nets
            transport("fi_getinfo\\(\\) call failed|Couldn't find any optimal provider"),
            // a collective or communicator failed: completion errors, lost peers, timeouts, aborts, errors raised to
            // the caller
            fatal("Got completion from peer|completion with error|status=\\d+ opcode"),
            fatal(
                    "Connection closed by remote peer|Connection refused|Connection reset|remote process exited|network error"),
            fatal("timed? ?out|timeout", Pattern.CASE_INSENSITIVE),
            fatal("unhandled (system|cuda) error|internal error|invalid usage|remote error", Pattern.CASE_INSENSITIVE),
            fatal("nccl(System|Internal|Remote|UnhandledCuda|InvalidUsage|InvalidArgument)Error"),
            fatal("Call to \\w+ failed|ibv_\\w+ failed|Cuda failure|CUDA error|Proxy Call|proxy.*failed"),
            fatal("[Aa]bort|NCCL error|Watchdog caught|DistBackendError|Duplicate GPU"),
            // routine: NCCL prints these and carries on
            benign("Could not find a path for pattern"),
            benign("lib wrapper not initiali[sz]ed"),
            benign("NET/Plugin ?: ?(No plugin found|Plugin load|Failed to find|Could not find|dlopen)"),
            benign(
                    "Failed to find ncclNetPlugin|Failed to find ncclCollNetPlugin|Failed to open libnccl-net|Failed to open (the )?net plugin"),
            benign("is deprecated"),
            benign("Missing \"iommu_group\""),
            new Rule(Kind.BENIGN, Pattern.compile("nvml", Pattern.CASE_INSENSITIVE)));

    private WarningRules() {}

    private static Rule transport(String regex) {
        return new Rule(Kind.TRANSPORT, Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
    }

    private static Rule fatal(String regex) {
        return new Rule(Kind.FATAL, Pattern.compile(regex));
    }

    private static Rule fatal(String regex, int flags) {
        return new Rule(Kind.FATAL, Pattern.compile(regex, flags));
    }

    private static Rule benign(String regex) {
        return new Rule(Kind.BENIGN, Pattern.compile(regex));
    }

    /** The kind a line's text gives by itself, empty when only its context can tell. */
    static Optional<Kind> kindOf(String text) {
        for (Rule rule : RULES) {
            if (rule.pattern().matcher(text).find()) {
                return Optional.of(rule.kind());
            }
        }
        return Optional.empty();
    }
}
