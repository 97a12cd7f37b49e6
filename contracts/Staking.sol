// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Active stake ids per wallet, set directly so tests need no token transfers.
/// Anyone may set anyone's stakes: for tests and local development only.
abstract contract StakeRegistry {
    mapping(address => uint256[]) internal stakeIds;

    function setStakes(address user, uint256[] calldata ids) external {
        stakeIds[user] = ids;
    }
}

/// @notice Exposes the stake ids under refboard's default STAKE_IDS_FUNCTION.
contract StakingPool is StakeRegistry {
    function getUserStakeIds(address user) external view returns (uint256[] memory) {
        return stakeIds[user];
    }
}

/// @notice The same registry under another name, to exercise a configured STAKE_IDS_FUNCTION.
contract AltStakingPool is StakeRegistry {
    function stakesOf(address user) external view returns (uint256[] memory) {
        return stakeIds[user];
    }
}
