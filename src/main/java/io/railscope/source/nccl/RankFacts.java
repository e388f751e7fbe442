package io.railscope.source.nccl;

import java.util.List;
import java.util.Map;

/**
 * What one rank's NCCL said about its network: one CUDA device of one process ({@code host:pid}).
 *
 * @param rank              the rank in the job's largest communicator, -1 until an {@code Init COMPLETE} line says it
 * @param network           the network NCCL chose ({@code IB}, {@code Socket}, a plugin name), null when not logged
 * @param hcas              the HCAs NET/IB used, as {@code device:port}
 * @param linkLayer         {@code IB} or {@code RoCE} from the NET/IB line, null when unknown
 * @param gdr               true when every NET channel ran GPUDirect RDMA, false when one did not, null without NET channels
 * @param channels          channel count per transport: {@code NET/IB}, {@code NET/Socket}, {@code P2P}, {@code SHM}, ...
 * @param noDevice          NET/IB said {@code No device found}
 * @param env               NCCL variables NCCL echoed as set by the environment
 * @param busbwGBps         this rank's own bus bandwidth in its largest collectives (NCCL Inspector), null when unknown
 */
public record RankFacts(
        String host,
        int pid,
        int cudaDev,
        int rank,
        int nranks,
        String ncclVersion,
        String network,
        List<String> hcas,
        String linkLayer,
        Boolean gdr,
        Map<String, Integer> channels,
        boolean initComplete,
        boolean noDevice,
        List<String> socketInterfaces,
        String plugin,
        Map<String, String> env,
        Double busbwGBps) {

    /**
     * The same facts with what only the whole log tells: the version NCCL printed without a prefix (before 2.9, rank 0
     * only), where this rank's lines had none, and the rank's own bus bandwidth (NCCL Inspector), where known.
     */
    RankFacts withLogWide(String bareVersion, Double ownBusbw) {
        return new RankFacts(
                host,
                pid,
                cudaDev,
                rank,
                nranks,
                ncclVersion != null || bareVersion == null ? ncclVersion : bareVersion,
                network,
                hcas,
                linkLayer,
                gdr,
                channels,
                initComplete,
                noDevice,
                socketInterfaces,
                plugin,
                env,
                ownBusbw == null ? busbwGBps : ownBusbw);
    }
}
