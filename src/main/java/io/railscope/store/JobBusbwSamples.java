package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The bus bandwidths a cell's jobs proven on RDMA reached, per job size: what its baselines are learned from. */
@ApplicationScoped
public class JobBusbwSamples {

    private final AgroalDataSource dataSource;

    public JobBusbwSamples(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Measured busbw in GB/s of the cell's RDMA_OK jobs, by nranks. */
    public Map<Integer, List<Double>> rdmaOk(String cell) {
        Map<Integer, List<Double>> samples = new HashMap<>();
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement("""
                SELECT j.nranks, j.busbw_gbps
                  FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                 WHERE c.name = ? AND j.verdict = 'RDMA_OK' AND j.busbw_gbps IS NOT NULL""")) {
            select.setString(1, cell);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    samples.computeIfAbsent(rs.getInt(1), nranks -> new ArrayList<>())
                            .add(rs.getDouble(2));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("reading the busbw of cell " + cell + "'s jobs failed: " + e.getMessage(), e);
        }
        return samples;
    }
}
