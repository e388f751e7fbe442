package io.railscope.source.nccl;

import java.util.regex.Pattern;

/** Lines outside NCCL's own WARN that say a collective failed: PyTorch's and NCCL's error codes. */
final class NcclErrors {

    private static final Pattern ERROR = Pattern.compile(
            "NCCL error|ncclSystemError|ncclInternalError|ncclRemoteError|ncclUnhandledCudaError|ncclInvalidUsage|NCCL communicator was aborted|NCCL watchdog");

    private NcclErrors() {
    }

    static boolean isError(String line) {
        return ERROR.matcher(line).find();
    }
}
