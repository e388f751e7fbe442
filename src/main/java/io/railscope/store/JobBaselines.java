package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** The bus bandwidth a cell's healthy jobs reach, per job size: the median of its RDMA OK jobs with a measured busbw. */
@ApplicationScoped
public class JobBaselines {

    private final AgroalDataSource dataSource;

    public JobBaselines(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Median busbw in GB/s by nranks. */
    public Map<Integer, Double> learned(String cell) {
        Map<Integer, Double> baselines = new HashMap<>();
        try (Connection connection = dataSource.getConnection(); PreparedStatement select = connection.prepareStatement("""
                SELECT j.nranks, percentile_cont(0.5) WITHIN GROUP (ORDER BY j.busbw_gbps)
                  FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                 WHERE c.name = ? AND j.verdict = 'RDMA_OK' AND j.busbw_gbps IS NOT NULL
                 GROUP BY j.nranks""")) {
            select.setString(1, cell);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    baselines.put(rs.getInt(1), rs.getDouble(2));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("reading the busbw baselines of cell " + cell + " failed: " + e.getMessage(), e);
        }
        return baselines;
    }
}
