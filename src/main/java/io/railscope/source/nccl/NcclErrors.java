package io.railscope.source.nccl;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lines outside NCCL's own WARN that say a collective failed: NCCL's error codes as PyTorch raises
 * them (ProcessGroupNCCL: {@code NCCL error in: …}, {@code ncclRemoteError: …}), its watchdog
 * ({@code Watchdog caught collective operation timeout}, {@code Exception (either an error or timeout)
 * detected by watchdog}) and abort messages. The most specific phrase starts the text kept.
 */
final class NcclErrors {

    private static final List<Pattern> PHRASES = List.of(
            Pattern.compile(
                    "ncclSystemError|ncclInternalError|ncclRemoteError|ncclUnhandledCudaError|ncclInvalidUsage|ncclInvalidArgument"),
            Pattern.compile("NCCL error"),
            // not "NCCL watchdog thread started!" or "terminated normally", which PyTorch logs at INFO
            Pattern.compile(
                    "Watchdog caught collective operation timeout|Exception \\(either an error or timeout\\) detected by watchdog"
                            + "|NCCL watchdog thread terminated with exception"),
            // nccl-tests, common.h: "<host>: Test NCCL failure <file>:<line> '<error>'" (older: "NCCL failure
            // <file>:<line>")
            Pattern.compile("(?:Test )?NCCL failure \\S+:\\d+|Test CUDA failure"),
            // ncclGetErrorString's words as frameworks pass them on (TensorFlow, PyTorch before DistBackendError)
            Pattern.compile(
                    "unhandled system error|unhandled cuda error|remote process exited or there was a network error|NCCL communication aborted"),
            Pattern.compile(
                    "NCCL communicator was aborted|Some NCCL operations have failed or timed out|DistBackendError"));

    private NcclErrors() {}

    /** Where the error phrase of {@code line} starts, -1 when it says no collective failed. */
    static int errorStart(String line) {
        for (Pattern phrase : PHRASES) {
            Matcher matcher = phrase.matcher(line);
            if (matcher.find()) {
                return matcher.start();
            }
        }
        return -1;
    }
}
