package io.railscope.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** How a cell asks its jobs' NCCL RAS service, as {@code nccl.ras.*} configure it. */
@Execution(ExecutionMode.CONCURRENT)
class RasConfigTest {

    @Test
    void offAndOverTcpUnlessConfigured() {
        RasSettings ras = ConfiguredCells.cell("kubernetes.context=prod").nccl().ras();
        assertThat(ras).isEqualTo(new RasSettings(false, Duration.ofMinutes(1), Duration.ofSeconds(5)));
        assertThat(ras.mode()).isEqualTo(RasSettings.Mode.TCP);
    }

    @Test
    void execModeRunsTheClientTheImageHas() {
        RasSettings ras = ConfiguredCells.cell(
                        "nccl.ras.enabled=true;nccl.ras.mode=exec;nccl.ras.command=/opt/nvidia/nccl/bin/ncclras")
                .nccl()
                .ras();
        assertThat(ras.enabled()).isTrue();
        assertThat(ras.mode()).isEqualTo(RasSettings.Mode.EXEC);
        assertThat(ras.command()).isEqualTo("/opt/nvidia/nccl/bin/ncclras");
    }

    @Test
    void anUnknownModeIsRefusedByName() {
        assertThatThrownBy(() -> ConfiguredCells.cell("nccl.ras.mode=ssh"))
                .hasMessageContaining("railscope.cells.edge.nccl.ras.mode");
    }
}
